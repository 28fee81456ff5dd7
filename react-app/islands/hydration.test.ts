import { describe, expect, it } from 'vitest';
import { parseHashRoute } from '../shop/hash-route';
import { namesOtherView } from './hydration';

// The shop hydrates at load only when its address names a view the server did not render (it never sees the
// fragment): the server's view is the default list of the visitor's store, or the store chooser.
describe('namesOtherView', () => {
  it('is false for the default view, whatever the fragment looks like', () => {
    for (const hash of ['', '#', '#!', '#!/', '#main']) {
      expect(namesOtherView(hash)).toBe(false);
      expect(parseHashRoute(hash)).toEqual(parseHashRoute(''));
    }
  });

  it('is true for another view, and for a list with a query (another store, a department, a search)', () => {
    for (const hash of ['#!/cart', '#!/product/12', '#!/sign-in', '#!/?store_id=1006', '#!/?department=4', '#!/?q=milk'])
      expect(namesOtherView(hash)).toBe(true);
  });
});
