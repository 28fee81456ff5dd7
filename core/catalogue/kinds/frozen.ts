import { B, GF, kind, lbl, nf, v, type ProductKind } from './notation';

// The frozen aisles. Read docs/catalogue-data.md for the notation.

export const frozen: ProductKind[] = [
  // Frozen -------------------------------------------------------------------------------------------------
  kind('frozen-vegetables', 'Frozen Vegetables', 'Frozen / Frozen Vegetables', {
    sizes: '12 oz @1.29-2.99; 32 oz @3.49-5.99',
    varieties: [
      v('Frozen Peas', { image: 'pea-pod', ingredients: 'Peas.', nutrition: nf('2/3 cup (89 g)', 70, 0, 0, 0, 0, 95, 12, 4, 5, 0, 5) }),
      v('Frozen Broccoli Florets', {
        image: 'broccoli',
        ingredients: 'Broccoli.',
        nutrition: nf('1 cup (85 g)', 25, 0, 0, 0, 0, 20, 4, 2, 1, 0, 2),
      }),
      v('Frozen Corn', {
        image: 'ear-of-corn',
        ingredients: 'Corn.',
        nutrition: nf('2/3 cup (89 g)', 80, 0.5, 0, 0, 0, 0, 17, 2, 3, 0, 3),
      }),
      v('Frozen Mixed Vegetables', { image: 'carrot', ingredients: 'Carrots, corn, peas, green beans, lima beans.' }),
      v('Frozen Green Beans', {
        image: 'pea-pod',
        ingredients: 'Green beans.',
        nutrition: nf('3/4 cup (85 g)', 25, 0, 0, 0, 0, 0, 5, 2, 2, 0, 1),
      }),
      v('Frozen Chopped Spinach', {
        image: 'leafy-green',
        ingredients: 'Spinach.',
        nutrition: nf('1 cup (85 g)', 25, 0, 0, 0, 0, 75, 3, 2, 0, 0, 3),
      }),
    ],
    brands: B.frozen,
    description: 'Vegetables picked ripe and frozen within hours. Steam or microwave from frozen.',
    image: 'broccoli',
    attributes: `vegan ${GF}`,
    label: lbl('Carrots, corn, peas, green beans.', [], nf('2/3 cup (89 g)', 60, 0, 0, 0, 0, 40, 12, 3, 3, 0, 2)),
    related: 'broccoli spinach sweet-corn',
    cap: 12,
  }),
  kind('frozen-pizza', 'Frozen Pizza', 'Frozen / Frozen Meals', {
    sizes: '20 oz @4.99-8.99',
    varieties: 'Cheese Pizza; Pepperoni Pizza; Margherita Pizza; Supreme Pizza',
    brands: B.frozen,
    description: 'Stone-baked crust pizza. Bake from frozen at 425 °F for 15–18 minutes.',
    image: 'pizza',
    label: lbl(
      'Crust (enriched wheat flour, water, soybean oil, yeast, sugar, salt), low-moisture mozzarella cheese (milk, cultures, salt, enzymes), tomato paste, water, spices.',
      ['wheat', 'milk', 'soy'],
      nf('1/4 pizza (142 g)', 330, 13, 6, 0, 25, 650, 37, 2, 4, 2, 15),
    ),
  }),
  kind('frozen-meals', 'Frozen Meals', 'Frozen / Frozen Meals', {
    sizes: '10 oz @2.99-5.49; 38 oz "family size" @9.99-14.99',
    varieties: [
      v('Chicken Pot Pie', {
        image: 'pie',
        ingredients:
          'Chicken broth, cooked chicken, enriched wheat flour, carrots, peas, potatoes, butter, cream (milk), celery, salt, spices.',
        nutrition: nf('1 pie (283 g)', 620, 35, 14, 0, 45, 900, 57, 3, 6, 1, 19),
      }),
      v('Vegetable Lasagna', { image: 'shallow-pan-of-food' }),
      v('Macaroni & Cheese', {
        image: 'shallow-pan-of-food',
        ingredients: 'Cooked macaroni (water, durum wheat semolina), cheddar cheese (milk), skim milk, butter, salt, mustard powder.',
        nutrition: nf('1 cup (227 g)', 350, 14, 8, 0, 40, 820, 40, 1, 5, 0, 16),
      }),
      v('Chicken Tikka Masala with Rice', {
        image: 'curry-rice',
        ingredients: 'Cooked basmati rice, chicken, tomatoes, cream (milk), onions, yogurt (milk), garlic, ginger, spices, salt.',
        allergens: ['milk'],
        nutrition: nf('1 bowl (283 g)', 380, 12, 6, 0, 70, 790, 44, 3, 6, 2, 22),
      }),
    ],
    brands: B.frozen,
    description: 'Oven- or microwave-ready meals. Cook to 165 °F before serving.',
    image: 'shallow-pan-of-food',
    label: lbl(
      'Cooked pasta (water, durum wheat semolina), ricotta cheese (milk), tomato purée, spinach, mozzarella cheese (milk), carrots, zucchini, onions, olive oil, salt, spices.',
      ['wheat', 'milk'],
      nf('1 cup (227 g)', 310, 12, 6, 0, 30, 690, 35, 4, 8, 0, 15),
    ),
  }),
  kind('ice-cream', 'Ice Cream', 'Frozen / Ice Cream', {
    sizes: '1.5 qt @3.99-6.99; 1 pt "1 pint" @3.99-6.49',
    varieties: [
      'Vanilla Bean Ice Cream',
      v('Mint Chip Ice Cream', {
        ingredients:
          'Cream, skim milk, sugar, chocolate chips (sugar, chocolate, cocoa butter, soy lecithin), egg yolks, peppermint extract.',
        allergens: ['milk', 'eggs', 'soy'],
      }),
      v('Chocolate Ice Cream', { ingredients: 'Cream, skim milk, sugar, cocoa processed with alkali, egg yolks.' }),
      v('Cookies & Cream Ice Cream', {
        ingredients:
          'Cream, skim milk, sugar, chocolate sandwich cookies (wheat flour, sugar, cocoa, palm oil, soy lecithin), egg yolks, vanilla extract.',
        allergens: ['milk', 'eggs', 'wheat', 'soy'],
      }),
      v('Butter Pecan Ice Cream', {
        ingredients: 'Cream, skim milk, sugar, roasted pecans, butter, egg yolks, salt.',
        allergens: ['milk', 'eggs', 'tree_nuts'],
      }),
    ],
    brands: 'Harvest Lane; Sunny Fields*; Polar Pantry',
    description: 'Rich, slow-churned ice cream made with fresh cream.',
    image: 'ice-cream',
    label: lbl(
      'Cream, skim milk, sugar, egg yolks, vanilla extract, vanilla bean specks.',
      ['milk', 'eggs'],
      nf('2/3 cup (95 g)', 250, 15, 9, 0.5, 70, 55, 24, 0, 21, 17, 4),
    ),
    related: 'sorbet',
  }),
  kind('sorbet', 'Sorbet', 'Frozen / Ice Cream', {
    sizes: '1 pt "1 pint" @3.99-5.99',
    varieties: 'Mango Sorbet; Raspberry Sorbet; Lemon Sorbet',
    brands: 'Harvest Lane; Polar Pantry',
    description: 'Dairy-free sorbet made with real fruit.',
    image: 'shaved-ice',
    attributes: `vegan ${GF}`,
    label: lbl(
      'Mango purée, water, cane sugar, lemon juice, locust bean gum.',
      [],
      nf('2/3 cup (120 g)', 160, 0, 0, 0, 0, 10, 40, 1, 36, 30, 0),
    ),
    related: 'ice-cream',
  }),
  kind('frozen-fruit', 'Frozen Fruit', 'Frozen / Frozen Fruit', {
    sizes: '16 oz @2.99-4.99; 48 oz @8.99-13.99',
    varieties: [
      v('Frozen Mixed Berries', { image: 'blueberries' }),
      v('Frozen Mango Chunks', { image: 'mango', ingredients: 'Mango.' }),
      v('Frozen Strawberries', { image: 'strawberry', ingredients: 'Strawberries.' }),
      v('Frozen Blueberries', { image: 'blueberries', ingredients: 'Blueberries.' }),
    ],
    brands: B.frozen,
    description: 'Fruit frozen at peak ripeness: smoothies, baking and overnight oats.',
    image: 'blueberries',
    attributes: `vegan ${GF}`,
    label: lbl('Strawberries, blueberries, raspberries, blackberries.', [], nf('1 cup (140 g)', 70, 0, 0, 0, 0, 0, 17, 4, 10, 0, 1)),
    related: 'strawberries blueberries mangoes',
  }),
  kind('waffles', 'Frozen Waffles', 'Frozen / Frozen Breakfast', {
    sizes: '10 ct @2.49-4.49',
    varieties: 'Buttermilk Waffles; Blueberry Waffles; Homestyle Waffles; Whole Grain Waffles',
    brands: B.frozen,
    description: 'Toaster waffles, golden and crisp in minutes.',
    image: 'waffle',
    label: lbl(
      'Enriched flour, water, vegetable oil, eggs, sugar, leavening, buttermilk, salt.',
      ['wheat', 'eggs', 'milk'],
      nf('2 waffles (70 g)', 180, 6, 1.5, 0, 15, 380, 28, 1, 3, 3, 4),
    ),
    related: 'pancake-mix maple-syrup',
  }),
  kind('breakfast-burritos', 'Breakfast Burritos', 'Frozen / Frozen Breakfast', {
    sizes: '4 ct @6.99-9.99',
    varieties: 'Breakfast Burritos; Sausage Egg & Cheese Burritos',
    brands: B.frozen,
    description: 'Scrambled egg, potato and cheese in a flour tortilla. Microwave 2 minutes.',
    image: 'burrito',
    label: lbl(
      'Flour tortilla (enriched wheat flour, water, shortening, salt), eggs, potatoes, cheddar cheese (milk), pork sausage, peppers, onions, spices.',
      ['wheat', 'eggs', 'milk'],
      nf('1 burrito (142 g)', 320, 14, 5, 0, 130, 700, 35, 2, 2, 0, 13),
    ),
  }),
  kind('frozen-potatoes', 'Frozen Potatoes', 'Frozen / Frozen Vegetables', {
    sizes: '32 oz @2.99-4.99',
    varieties: 'Crinkle Cut French Fries; Shoestring French Fries; Potato Tots',
    brands: B.frozen,
    description: 'Oven or air-fryer ready. Bake at 425 °F until golden.',
    image: 'french-fries',
    attributes: `vegan ${GF}`,
    label: lbl(
      'Potatoes, vegetable oil (canola, soybean), dextrose, sodium acid pyrophosphate.',
      [],
      nf('3 oz (84 g)', 120, 4.5, 1, 0, 0, 290, 19, 2, 0, 0, 2),
    ),
    related: 'potatoes',
  }),
  kind('chicken-nuggets', 'Chicken Nuggets', 'Frozen / Frozen Meals', {
    sizes: '32 oz @7.99-11.99',
    varieties: 'Breaded Chicken Nuggets; Chicken Breast Strips',
    brands: B.frozen,
    description: 'Fully cooked breaded white-meat chicken. Bake or air-fry from frozen.',
    image: 'poultry-leg',
    label: lbl(
      'Chicken breast with rib meat, water, enriched wheat flour, salt, soybean oil, yellow corn flour, spices, leavening.',
      ['wheat', 'soy'],
      nf('5 pieces (85 g)', 190, 11, 2, 0, 30, 470, 11, 0, 0, 0, 12),
    ),
  }),
];
