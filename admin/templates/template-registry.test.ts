import { describe, expect, it } from 'vitest';
import { TemplateRegistry } from './template-registry';

describe('template registry', () => {
  it.each([[{ key: '', title: 'Cloud' }], [{ key: 'cloud', title: '' }], [{ title: 'Cloud' }], [{ key: 'cloud' }]])(
    'refuses a section without key and title: %j',
    (section) => {
      expect(() => new TemplateRegistry().register(section as never)).toThrow('Template type must have key and title');
    },
  );

  it('refuses a child without key and title', () => {
    expect(() => new TemplateRegistry().register({ key: 'site', title: 'Site', children: [{ key: 'x', title: '' }] })).toThrow(
      'Template type must have key and title',
    );
  });

  it('defaults order to 10 and sorts by order, then registration', () => {
    const r = new TemplateRegistry();
    r.register({ key: 'site', title: 'Site' });
    r.register({ key: 'cloud', title: 'Cloud', order: 5 });
    r.register({ key: 'kits', title: 'Kits' });
    r.register({ key: 'last', title: 'Last', order: 20 });
    r.register({ key: 'nine', title: 'Nine', order: 9 });
    r.register({ key: 'eleven', title: 'Eleven', order: 11 });
    r.register({ key: 'ten', title: 'Ten', order: 10 });
    // Without an order a section sits at 10: after 9, beside an explicit 10 in registration order, before 11.
    expect(r.get('site')?.order).toBe(10);
    expect(r.getAll().map((s) => s.key)).toEqual(['cloud', 'nine', 'site', 'kits', 'ten', 'eleven', 'last']);
  });

  it('hides sections whose isAvailable says no', () => {
    const r = new TemplateRegistry();
    r.register({ key: 'cloud', title: 'Cloud', isAvailable: () => false });
    r.register({ key: 'site', title: 'Site', isAvailable: () => true });
    expect(r.getAll().map((s) => s.key)).toEqual(['site']);
    expect(r.get('cloud')).toBeDefined();
  });

  it('lets children take the parent default component and initial state only with useParentDefault', () => {
    const r = new TemplateRegistry<{ folder: string }, string>();
    r.register({
      key: 'site',
      title: 'Site',
      component: 'SiteList',
      getInitialState: () => ({ folder: 'all' }),
      children: [
        { key: 'site-pages', title: 'Pages', useParentDefault: true, order: 2 },
        { key: 'site-own', title: 'Own', component: 'Own', order: 1 },
      ],
    });
    expect(r.get('site-pages')!.component).toBe('SiteList');
    expect(r.initialState('site-pages')).toEqual({ folder: 'all' });
    expect(r.get('site-own')!.component).toBe('Own');
    expect(r.initialState('site-own')).toEqual({});
    expect(r.childrenOf('site').map((s) => s.key)).toEqual(['site-own', 'site-pages']);
    expect(r.get('site-pages')!.parent).toBe('site');
  });
});
