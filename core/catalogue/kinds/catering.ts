import { B, kind, v, type ProductKind } from './notation';

// Catering: party platters and meals ordered ahead (the catering catalogue). Read docs/catalogue-data.md for the notation.

export const catering: ProductKind[] = [
  // Catering -----------------------------------------------------------------------------------------------
  kind('party-platters', 'Party Platters', 'Catering / Party Platters', {
    sizes: '1 ea "1 platter" @34.99-89.99',
    varieties: [
      v('Fresh Fruit Platter (serves 12)', { image: 'grapes', attributes: ['vegan', 'gluten_free'] }),
      v('Vegetable Crudité Platter with Ranch (serves 12)', { image: 'carrot', attributes: ['gluten_free'] }),
      v('Artisan Cheese & Charcuterie Board (serves 15)', { image: 'cheese-wedge', attributes: ['gluten_free'] }),
      v('Shrimp Cocktail Platter (40 pieces)', { image: 'shrimp', attributes: ['gluten_free'] }),
      v('Mediterranean Mezze Platter (serves 12)', { image: 'falafel' }),
    ],
    brands: B.catering,
    class: 'catering',
    description: 'Arranged by our catering kitchen for pickup at the time you choose. Order 24 hours ahead.',
    image: 'fork-and-knife-with-plate',
    notice: 24,
  }),
  kind('sandwich-trays', 'Sandwich Trays', 'Catering / Sandwich Trays', {
    sizes: '1 ea "1 tray" @39.99-69.99',
    varieties: [
      'Deli Sandwich Tray (serves 10)',
      'Mini Croissant Sandwich Tray (24 pieces)',
      v('Garden Wrap Platter (serves 10)', { attributes: ['vegan'] }),
      'Party Sub (3 ft, serves 12)',
    ],
    brands: B.catering,
    class: 'catering',
    description: 'Sandwiches built on bakery bread the morning of your pickup. Order 24 hours ahead.',
    image: 'sandwich',
    notice: 24,
  }),
  kind('hot-entrees', 'Hot Entrées', 'Catering / Hot Entrées', {
    sizes: '1 ea "half pan" @44.99-99.99',
    varieties: [
      'Baked Ziti Tray (half pan, serves 10)',
      v('Herb Roasted Chicken Tray (serves 10)', { image: 'poultry-leg', attributes: ['gluten_free'] }),
      v('Smoked Beef Brisket Tray (serves 10)', { image: 'cut-of-meat', attributes: ['gluten_free'] }),
      'Chicken Enchilada Tray (serves 10)',
    ],
    brands: B.catering,
    class: 'catering',
    description: 'Cooked to order and packed hot, or chilled with reheating instructions. Order 48 hours ahead.',
    image: 'shallow-pan-of-food',
    notice: 48,
  }),
  kind('holiday-meals', 'Holiday Meals', 'Catering / Hot Entrées', {
    sizes: '1 ea "serves 8" @89.99-149.99',
    varieties: [
      v('Roast Turkey Dinner (serves 8)', { image: 'poultry-leg' }),
      v('Spiral Ham Dinner (serves 8)', { image: 'meat-on-bone' }),
    ],
    brands: B.catering,
    class: 'catering',
    description: 'A complete holiday dinner with sides and rolls, chilled with reheating instructions. Order 48 hours ahead.',
    image: 'poultry-leg',
    notice: 48,
  }),
  kind('catering-desserts', 'Desserts & Breakfast Trays', 'Catering / Desserts & Breakfast', {
    sizes: '1 ea "1 tray" @29.99-49.99',
    varieties: [
      v('Assorted Cookie Tray (36 cookies)', { image: 'cookie' }),
      v('Brownie & Bar Platter (24 pieces)', { image: 'chocolate-bar' }),
      v('Bagel & Cream Cheese Tray (12 bagels)', { image: 'bagel' }),
      v('Yogurt Parfait Cups (12 cups)', { image: 'bowl-with-spoon', attributes: ['gluten_free'] }),
      v('Celebration Sheet Cake (serves 24)', { image: 'birthday-cake' }),
    ],
    brands: B.catering,
    class: 'catering',
    description: 'Baked and arranged by our bakery team. Order 24 hours ahead.',
    image: 'cookie',
    notice: 24,
  }),
];
