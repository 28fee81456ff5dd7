import { B, GF, kind, lbl, nf, v, type ProductKind } from './notation';

// The bakery: bread, rolls, cakes and pastries. Read docs/catalogue-data.md for the notation.

export const bakery: ProductKind[] = [
  // Bakery -------------------------------------------------------------------------------------------------
  kind('sandwich-bread', 'Sandwich Bread', 'Bakery / Bread', {
    sizes: '20 oz @2.49-4.99; 24 oz @3.49-5.99',
    varieties: [
      'Whole Wheat Sandwich Bread',
      v('White Sandwich Bread', {
        ingredients:
          'Enriched wheat flour (wheat flour, niacin, reduced iron, thiamine mononitrate, riboflavin, folic acid), water, sugar, yeast, soybean oil, salt, calcium propionate (preservative).',
        nutrition: nf('1 slice (28 g)', 70, 1, 0, 0, 0, 130, 13, 0, 1, 1, 2),
      }),
      'Multigrain Bread',
      'Honey Oat Bread',
    ],
    brands: B.bakery,
    description: 'Soft sliced sandwich bread, baked fresh daily.',
    image: 'bread',
    attributes: 'vegan',
    label: lbl(
      'Whole wheat flour, water, wheat gluten, sugar, yeast, soybean oil, salt, cultured wheat flour, vinegar.',
      ['wheat', 'soy'],
      nf('1 slice (32 g)', 80, 1, 0, 0, 0, 135, 14, 2, 2, 2, 4),
    ),
    related: 'artisan-bread gluten-free-bread buns',
  }),
  kind('gluten-free-bread', 'Gluten-Free Bread', 'Bakery / Bread', {
    sizes: '18 oz @5.49-7.99',
    varieties: 'Gluten-Free Sandwich Bread; Gluten-Free Multigrain Bread',
    brands: 'Old Mill; Harvest Lane Bakery',
    description: 'Sliced sandwich bread baked without wheat in a dedicated gluten-free bakery.',
    image: 'bread',
    attributes: `vegan ${GF}`,
    label: lbl(
      'Water, tapioca starch, brown rice flour, sorghum flour, canola oil, cane sugar, psyllium husk, yeast, salt, cultured brown rice.',
      [],
      nf('2 slices (64 g)', 160, 4.5, 0, 0, 0, 290, 29, 3, 3, 3, 2),
    ),
    related: 'sandwich-bread',
  }),
  kind('artisan-bread', 'Artisan Bread', 'Bakery / Bread', {
    sizes: '24 oz @3.99-6.99',
    varieties: 'Sourdough Loaf; Rustic Italian Loaf; Ciabatta Loaf; Seeded Rye Bread',
    brands: B.bakery,
    description: 'Crusty hearth-baked loaves from our in-store bakery.',
    image: 'bread',
    attributes: 'vegan',
    label: lbl(
      'Unbleached wheat flour, water, sourdough culture, salt.',
      ['wheat'],
      nf('1 slice (57 g)', 140, 0.5, 0, 0, 0, 310, 29, 1, 0, 0, 5),
    ),
    related: 'sandwich-bread baguettes',
  }),
  kind('baguettes', 'Baguettes', 'Bakery / Bread', {
    sizes: '12 oz @1.99-3.99',
    varieties: 'French Baguette; Whole Wheat Baguette',
    brands: B.bakery,
    description: 'Baked through the day: a crackling crust and an open crumb.',
    image: 'baguette-bread',
    attributes: 'vegan',
    label: lbl('Wheat flour, water, salt, yeast.', ['wheat'], nf('2 oz (56 g)', 150, 0.5, 0, 0, 0, 330, 30, 1, 0, 0, 5)),
    related: 'artisan-bread',
  }),
  kind('buns', 'Buns & Rolls', 'Bakery / Bread', {
    sizes: '8 ct @2.49-4.99',
    varieties: 'Hamburger Buns; Hot Dog Buns; Brioche Buns; Dinner Rolls',
    brands: B.bakery,
    description: 'Soft buns and rolls for burgers, dogs and the dinner table.',
    image: 'bread',
    label: lbl(
      'Enriched wheat flour, water, sugar, yeast, soybean oil, salt, wheat gluten, calcium propionate.',
      ['wheat', 'soy'],
      nf('1 bun (53 g)', 140, 2, 0.5, 0, 0, 230, 26, 1, 3, 3, 5),
    ),
    related: 'sandwich-bread',
  }),
  kind('bagels', 'Bagels', 'Bakery / Bagels & Muffins', {
    sizes: '6 ct @3.49-5.49',
    varieties: [
      v('Everything Bagels', {
        ingredients: 'Enriched wheat flour, water, sugar, yeast, salt, sesame seeds, poppy seeds, dried garlic, dried onion.',
        allergens: ['wheat', 'sesame'],
      }),
      'Plain Bagels',
      v('Cinnamon Raisin Bagels', { ingredients: 'Enriched wheat flour, water, raisins, sugar, yeast, cinnamon, salt.' }),
      v('Sesame Bagels', { ingredients: 'Enriched wheat flour, water, sesame seeds, sugar, yeast, salt.', allergens: ['wheat', 'sesame'] }),
    ],
    brands: B.bakery,
    description: 'Kettle-boiled, then baked: chewy inside, glossy outside.',
    image: 'bagel',
    attributes: 'vegan',
    label: lbl(
      'Enriched wheat flour, water, sugar, yeast, salt, malted barley.',
      ['wheat'],
      nf('1 bagel (105 g)', 280, 2, 0, 0, 0, 480, 55, 2, 5, 4, 10),
    ),
    related: 'cream-cheese',
  }),
  kind('muffins', 'Muffins', 'Bakery / Bagels & Muffins', {
    sizes: '4 ct @4.49-6.99',
    varieties: [
      'Blueberry Muffins',
      v('Chocolate Chip Muffins', {
        ingredients:
          'Enriched wheat flour, sugar, chocolate chips (sugar, chocolate, cocoa butter, soy lecithin), soybean oil, eggs, water, milk, baking powder, salt.',
      }),
      v('Banana Nut Muffins', {
        ingredients: 'Enriched wheat flour, bananas, sugar, soybean oil, eggs, walnuts, milk, baking soda, salt, cinnamon.',
        allergens: ['wheat', 'eggs', 'milk', 'soy', 'tree_nuts'],
      }),
    ],
    brands: B.bakery,
    description: 'Bakery muffins, baked every morning.',
    image: 'cupcake',
    label: lbl(
      'Enriched wheat flour, sugar, blueberries, soybean oil, eggs, water, milk, baking powder, salt, natural flavor.',
      ['wheat', 'eggs', 'milk', 'soy'],
      nf('1 muffin (113 g)', 420, 20, 3, 0, 45, 350, 55, 1, 31, 30, 5),
    ),
  }),
  kind('pastries', 'Pastries & Donuts', 'Bakery / Donuts & Pastries', {
    sizes: '4 ct @4.49-6.99; 6 ct @4.99-7.99',
    varieties: [
      v('Butter Croissants', { image: 'croissant' }),
      v('Glazed Donuts', { image: 'doughnut' }),
      v('Chocolate Croissants', { image: 'croissant' }),
    ],
    brands: B.bakery,
    description: 'From our bakery case, baked fresh each morning.',
    image: 'croissant',
    label: lbl(
      'Enriched wheat flour, butter, water, sugar, yeast, eggs, salt, milk.',
      ['wheat', 'milk', 'eggs'],
      nf('1 croissant (57 g)', 230, 12, 7, 0, 40, 250, 26, 1, 5, 4, 5),
    ),
  }),
  kind('pies', 'Pies', 'Bakery / Cakes & Pies', {
    sizes: '1 ea "9 in pie" @7.99-16.99',
    varieties: [
      'Apple Pie',
      v('Pumpkin Pie', {
        ingredients: 'Pumpkin, sugar, eggs, evaporated milk, enriched wheat flour, butter, cinnamon, ginger, nutmeg, salt.',
        allergens: ['wheat', 'milk', 'eggs'],
      }),
      v('Cherry Pie', {
        ingredients: 'Cherries, sugar, enriched wheat flour, butter, water, cornstarch, salt, almond extract.',
        allergens: ['wheat', 'milk'],
      }),
      v('Pecan Pie', {
        ingredients: 'Corn syrup, pecans, sugar, eggs, enriched wheat flour, butter, vanilla extract, salt.',
        allergens: ['wheat', 'milk', 'eggs', 'tree_nuts'],
      }),
    ],
    brands: B.bakery,
    description: 'Nine-inch bakery pies with a flaky all-butter crust.',
    image: 'pie',
    label: lbl(
      'Apples, enriched wheat flour, sugar, butter, water, cornstarch, cinnamon, salt, nutmeg.',
      ['wheat', 'milk'],
      nf('1/8 pie (125 g)', 330, 15, 7, 0, 20, 280, 46, 2, 20, 16, 3),
    ),
    related: 'cakes',
  }),
  kind('cakes', 'Cakes', 'Bakery / Cakes & Pies', {
    sizes: '1 ea "8 in cake" @14.99-29.99',
    varieties: 'Chocolate Layer Cake; Carrot Cake; Vanilla Layer Cake; Red Velvet Cake',
    brands: B.bakery,
    description: 'Two-layer bakery cakes, finished by hand.',
    image: 'birthday-cake',
    label: lbl(
      'Sugar, enriched wheat flour, butter, eggs, cocoa, milk, soybean oil, baking soda, salt, vanilla.',
      ['wheat', 'milk', 'eggs', 'soy'],
      nf('1/12 cake (95 g)', 390, 19, 9, 0, 60, 300, 53, 2, 40, 38, 4),
    ),
    related: 'pies',
  }),
  kind('tortillas', 'Tortillas', 'Bakery / Tortillas', {
    sizes: '10 ct @2.49-3.99; 30 ct @3.99-5.99',
    varieties: [
      'Flour Tortillas',
      v('Corn Tortillas', {
        ingredients: 'Ground corn treated with lime, water, cellulose gum, propionic acid.',
        allergens: [],
        nutrition: nf('2 tortillas (50 g)', 110, 1.5, 0, 0, 0, 20, 23, 3, 0, 0, 2),
        attributes: ['vegan', 'gluten_free'],
      }),
      'Whole Wheat Tortillas',
    ],
    brands: 'Harvest Lane; La Cosecha; Old Mill',
    description: 'Soft tortillas for tacos, wraps and quesadillas. Warm in a dry skillet.',
    image: 'flatbread',
    label: lbl(
      'Enriched bleached wheat flour, water, vegetable shortening, salt, baking powder, sugar.',
      ['wheat'],
      nf('1 tortilla (45 g)', 140, 3.5, 1.5, 0, 0, 350, 24, 1, 1, 1, 4),
    ),
    related: 'flatbreads',
  }),
  kind('flatbreads', 'Pita & Naan', 'Bakery / Tortillas', {
    sizes: '5 ct @2.49-3.99',
    varieties: 'Pita Bread; Garlic Naan; Whole Wheat Pita',
    brands: B.bakery,
    description: 'Soft flatbreads for dipping, wraps and quick pizzas.',
    image: 'flatbread',
    label: lbl(
      'Enriched wheat flour, water, yeast, sugar, salt, soybean oil.',
      ['wheat', 'soy'],
      nf('1 pita (57 g)', 160, 1, 0, 0, 0, 310, 33, 1, 1, 1, 5),
    ),
    related: 'tortillas hummus',
  }),
];
