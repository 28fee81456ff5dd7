// The mobile search area opens and closes with its toggle button.
export function initMobileSearch(toggle: HTMLButtonElement | null, form: HTMLElement | null): () => void {
  if (!toggle || !form) return () => {};
  const onClick = () => {
    const open = !form.classList.contains('is-open');
    form.classList.toggle('is-open', open);
    toggle.setAttribute('aria-expanded', String(open));
    if (open) form.querySelector<HTMLInputElement>('input')?.focus();
  };
  toggle.addEventListener('click', onClick);
  return () => toggle.removeEventListener('click', onClick);
}
