import { describeRule, type PopupExplanation } from './explanation';
import type { PopupManager } from './manager';

const PANEL_ID = 'e-popup-explainer';
let mounted: { count: number; unmount: () => void } | null = null;

function text(tag: string, content: string, className?: string): HTMLElement {
  const el = document.createElement(tag);
  el.textContent = content;
  if (className) el.className = className;
  return el;
}

function renderPopup(report: PopupExplanation): HTMLElement {
  const item = document.createElement('li');
  item.className = `e-popup-explainer__popup is-${report.status}`;
  item.dataset.popupId = report.id;
  item.append(
    text('strong', `#${report.id} ${report.title}`),
    text('span', ` ${report.status}: ${report.reason}`, 'e-popup-explainer__status'),
  );
  const rules = document.createElement('ul');
  if (!report.rules.length) rules.append(text('li', 'no timing rules'));
  for (const rule of report.rules) rules.append(text('li', describeRule(rule), rule.pass ? 'is-pass' : 'is-fail'));
  const triggers = report.triggers.length ? report.triggers.join(', ') : 'none';
  rules.append(
    text(
      'li',
      `triggers: ${triggers}; fired: ${report.fired ? `${report.fired.trigger} (${report.fired.detail})` : 'none yet'}`,
      'e-popup-explainer__trigger',
    ),
  );
  item.append(rules);
  return item;
}

/**
 * Preview mode: a small panel listing every popup on the page, each timing rule with pass/fail and the
 * value it compared, and the trigger that fired. One panel per page, refreshed as popups change.
 */
export function mountExplainerPanel(manager: PopupManager): () => void {
  if (mounted) {
    mounted.count += 1;
    return release;
  }
  const panel = document.createElement('aside');
  panel.id = PANEL_ID;
  panel.className = 'e-popup-explainer';
  panel.setAttribute('aria-label', 'Popup explainer');
  const details = document.createElement('details');
  details.open = true;
  details.append(text('summary', 'Popups on this page'));
  const list = document.createElement('ul');
  details.append(list);
  panel.append(details);
  document.body.append(panel);
  const render = (): void => list.replaceChildren(...manager.all().map((p) => renderPopup(p.explain())));
  render();
  const unsubscribe = manager.subscribe(render);
  mounted = {
    count: 1,
    unmount: () => {
      unsubscribe();
      panel.remove();
    },
  };
  return release;
}

function release(): void {
  if (!mounted) return;
  mounted.count -= 1;
  if (mounted.count <= 0) {
    mounted.unmount();
    mounted = null;
  }
}
