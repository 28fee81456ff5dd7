import { Handler, type HandlerContext } from '../handlers/base';
import type { RuntimeEvents } from '../events/bus';
import { PopupDialog, type CloseReason } from './dialog';
import type { PopupExplanation } from './explanation';
import { mountExplainerPanel } from './explainer-panel';
import { popupManager, type ManagedPopup, type PopupManager } from './manager';
import { userGroupIds } from '../store-layer/content-query';
import { checkTiming, type NamedRuleResult } from './rules';
import { activeTriggers, armTriggers } from './triggers';
import type { PopupSettings, RuleContext } from './types';

/**
 * A popup on the page (a server-rendered, hidden <dialog class="e-popup">): checks its timing rules, arms
 * its triggers when all pass, shows on the first trigger that fires, opens and closes on 'popup:open' /
 * 'popup:close' from link actions and on clicks matching open_selector, and explains itself.
 */
export default class Popup extends Handler<PopupSettings & Record<string, unknown>> implements ManagedPopup {
  readonly id: string;
  readonly title: string;
  private readonly manager: PopupManager;
  private readonly dialogBox: PopupDialog;
  private rules: NamedRuleResult[] = [];
  private fired: PopupExplanation['fired'] = null;
  private status: PopupExplanation['status'] = 'waiting';
  private reason = '';
  private disarm: () => void = () => {};
  /** times_count 'unique' counts one show per page view however often it reopens. */
  private countedThisPage = false;

  constructor(ctx: HandlerContext) {
    super(ctx);
    this.id = this.element.dataset.elementorId ?? '';
    this.title = this.element.getAttribute('aria-label') ?? '';
    this.manager = popupManager();
    this.dialogBox = new PopupDialog(this.element as HTMLDialogElement, this.settings, {
      onClose: (reason) => this.onCloseRequest(reason),
    });
  }

  override connect(): void {
    this.use(this.dialogBox);
    this.manager.add(this);
    this.onCleanup(() => this.manager.remove(this));
    const onOpen = (e: RuntimeEvents['popup:open']): void => {
      if (String(e.id) !== this.id) return;
      if (e.toggle && this.dialogBox.isOpen) this.close();
      else this.open();
    };
    const onClose = (e: RuntimeEvents['popup:close']): void => {
      if (e.id !== undefined && String(e.id) !== this.id) return;
      if (this.dialogBox.isOpen) this.close(e.doNotShowAgain);
    };
    this.bus.on('popup:open', onOpen);
    this.bus.on('popup:close', onClose);
    this.onCleanup(() => {
      this.bus.off('popup:open', onOpen);
      this.bus.off('popup:close', onClose);
      this.disarm();
    });
    this.listenOpenSelector();
    if (this.config.environmentMode.wpPreview) this.onCleanup(mountExplainerPanel(this.manager));
    if (!this.isEdit) this.evaluate();
  }

  private ruleContext(): RuleContext {
    const storage = this.manager.storage;
    return {
      popupId: this.id,
      now: Date.now(),
      pageLoadedAt: this.manager.pageLoadedAt,
      referrer: document.referrer,
      host: location.host,
      userAgent: navigator.userAgent,
      deviceMode: this.deviceMode(),
      user: { id: this.config.user?.id ?? 0, roles: this.config.user?.roles ?? [] },
      storeId: this.config.store?.id ?? null,
      storeName: this.config.store?.name,
      userGroups: userGroupIds(this.config.user ?? { id: 0, segment_ids: [] }),
      pageViews: storage.pageViews(),
      sessions: storage.sessions(),
      showTimes: storage.showTimes(this.id),
      sessionShows: storage.sessionShows(this.id),
    };
  }

  /** Timing rules all pass → arm the triggers; the first that fires shows the popup. */
  private evaluate(): void {
    if (this.manager.storage.isDisabled(this.id)) return this.setStatus('disabled', 'closed with do-not-show-again');
    this.rules = checkTiming(this.settings.timing, this.ruleContext());
    const failed = this.rules.filter((r) => !r.pass).map((r) => r.name);
    if (failed.length) return this.setStatus('blocked', `timing rules failed: ${failed.join(', ')}`);
    const triggers = activeTriggers(this.settings.triggers);
    if (!triggers.length) return this.setStatus('no-trigger', 'no trigger is switched on: opens only by link action or open_selector');
    this.setStatus('waiting', `waiting for ${triggers.join(' or ')}`);
    this.disarm = armTriggers(this.settings.triggers, window, (trigger, detail) => {
      this.fired = { trigger, detail };
      this.showTriggered();
    });
  }

  private showTriggered(): void {
    if (this.settings.avoid_multiple_popups === 'yes' && this.manager.popped) {
      return this.setStatus('avoided', 'avoid_multiple_popups: another popup already showed on this page');
    }
    this.show(`trigger ${this.fired?.trigger ?? ''} fired: ${this.fired?.detail ?? ''}`);
  }

  /** Opens by request (link action, open_selector, console) regardless of timing and triggers. */
  open(): void {
    if (this.manager.storage.isDisabled(this.id)) return this.setStatus('disabled', 'closed with do-not-show-again');
    this.disarm();
    this.show('opened by request');
  }

  private show(reason: string): void {
    if (this.dialogBox.isOpen) return;
    this.dialogBox.update(this.settings);
    this.dialogBox.show();
    this.manager.popped = true;
    const unique = this.settings.timing?.times_count === 'unique';
    if (!unique || !this.countedThisPage) this.manager.storage.recordShow(this.id);
    this.countedThisPage = true;
    this.setStatus('shown', reason);
    this.bus.emit('popup:shown', { id: this.id });
  }

  close(doNotShowAgain = false): void {
    if (doNotShowAgain) this.manager.storage.disable(this.id);
    if (!this.dialogBox.isOpen) return;
    void this.dialogBox.hide().then(() => {
      this.setStatus('closed', doNotShowAgain ? 'closed with do-not-show-again' : 'closed by the visitor');
      this.bus.emit('popup:hidden', { id: this.id });
    });
  }

  private onCloseRequest(reason: CloseReason): void {
    this.close(reason === 'dont-show-again');
  }

  /** Clicks on elements matching open_selector open the popup instead of following the link. */
  private listenOpenSelector(): void {
    const selector = this.settings.open_selector;
    if (typeof selector !== 'string' || !selector.trim()) return;
    if (!isValidSelector(selector)) return; // an invalid selector is ignored
    this.listen(document, 'click', (event) => {
      const target = event.target as Element | null;
      const match = target?.closest?.(selector);
      if (!match || this.element.contains(match) || this.manager.storage.isDisabled(this.id)) return;
      event.preventDefault();
      this.open();
    });
  }

  private setStatus(status: PopupExplanation['status'], reason: string): void {
    this.status = status;
    this.reason = reason;
    this.element.dataset.popupStatus = status;
    this.manager.changed();
  }

  explain(): PopupExplanation {
    return {
      id: this.id,
      title: this.title,
      status: this.status,
      reason: this.reason,
      rules: this.rules,
      triggers: activeTriggers(this.settings.triggers),
      fired: this.fired,
      impressions: this.manager.storage.impressions(this.id),
    };
  }
}

function isValidSelector(selector: string): boolean {
  try {
    document.createDocumentFragment().querySelector(selector);
    return true;
  } catch {
    return false;
  }
}
