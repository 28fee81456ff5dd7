// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { focusIfLost } from './focus';

describe('focusIfLost', () => {
  it('gives focus to what replaced the control, and never takes it from where the visitor moved it', () => {
    document.body.innerHTML = '<button id="b">Make This My Store</button><a id="l" href="/x">Elsewhere</a>';
    const button = document.getElementById('b')!;
    button.focus();
    button.outerHTML = '<strong id="badge">My Store</strong>'; // focus falls to the body
    const badge = document.getElementById('badge')!;
    focusIfLost(badge);
    expect(document.activeElement).toBe(badge);
    expect(badge.tabIndex).toBe(-1);
    document.getElementById('l')!.focus();
    focusIfLost(badge);
    expect(document.activeElement?.id).toBe('l');
  });
});
