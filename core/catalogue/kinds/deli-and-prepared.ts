import { B, FALLBACK_ART, GF, kind, lbl, nf, v, type ProductKind } from './notation';

// The deli counter and prepared food, cold and hot. Read docs/catalogue-data.md for the notation.

export const deliAndPrepared: ProductKind[] = [
  // Deli & Prepared ----------------------------------------------------------------------------------------
  kind('deli-salads', 'Deli Salads', 'Deli & Prepared / Salads', {
    sizes: '12 oz @5.99-9.99',
    varieties: 'Chicken Caesar Salad; Quinoa Salad; Greek Salad; Cobb Salad; Pasta Salad',
    brands: B.deli,
    brand_in_name: false,
    class: 'deli',
    description: 'Made in our kitchen each morning and kept cold. Eat within two days.',
    image: 'green-salad',
    label: lbl(
      'Romaine lettuce, grilled chicken, parmesan cheese (milk), croutons (wheat), Caesar dressing (soybean oil, egg yolk, anchovy).',
      ['milk', 'wheat', 'eggs', 'fish'],
      null,
    ),
  }),
  kind('soup', 'Deli Soups', 'Deli & Prepared / Soups', {
    sizes: '16 fl oz "1 pint" @4.49-6.99; 32 fl oz "1 quart" @7.99-11.99',
    varieties: 'Tomato Basil Soup; Chicken Noodle Soup; Broccoli Cheddar Soup; Minestrone',
    brands: B.deli,
    brand_in_name: false,
    class: 'deli',
    description: 'Kitchen-made soups, sold chilled: heat to a simmer before serving.',
    image: 'pot-of-food',
    label: lbl('Tomatoes, water, cream (milk), onions, basil, butter (milk), garlic, salt, pepper.', ['milk'], null),
    related: 'canned-soup',
  }),
  kind('sandwiches', 'Sandwiches', 'Deli & Prepared / Sandwiches', {
    sizes: '1 ea @6.99-10.99',
    varieties: 'Turkey Club; Caprese Panini; Italian Sub; Chicken Salad Croissant',
    brands: B.deli,
    brand_in_name: false,
    class: 'deli',
    description: 'Built to order in our deli, sold cold. Ask us to press it hot.',
    image: 'sandwich',
    label: lbl('Sourdough bread (wheat), turkey, bacon, lettuce, tomato, mayonnaise (eggs, soybean oil).', ['wheat', 'eggs', 'soy'], null),
  }),
  kind('hummus', 'Hummus & Dips', 'Deli & Prepared / Dips & Spreads', {
    sizes: '10 oz @3.49-5.99',
    varieties: [
      'Classic Hummus',
      'Roasted Red Pepper Hummus',
      v('Guacamole', {
        image: 'avocado',
        ingredients: 'Hass avocados, onions, jalapeño peppers, cilantro, salt, lime juice, garlic.',
        allergens: [],
        nutrition: nf('2 tbsp (30 g)', 50, 4.5, 0.5, 0, 0, 95, 3, 2, 0, 0, 1),
      }),
      v('Spinach Artichoke Dip', {
        ingredients:
          'Cream cheese (milk), spinach, artichoke hearts, parmesan cheese (milk), mayonnaise (soybean oil, eggs), garlic, salt.',
        allergens: ['milk', 'eggs', 'soy'],
        attributes: ['gluten_free'],
        nutrition: nf('2 tbsp (30 g)', 60, 5, 2, 0, 10, 170, 2, 0, 1, 0, 1),
      }),
    ],
    brands: 'Harvest Lane; Olive Grove',
    description: 'Creamy dips for vegetables, chips and pita.',
    image: FALLBACK_ART.pantry,
    attributes: `vegan ${GF}`,
    label: lbl(
      'Cooked chickpeas, tahini (sesame), water, canola oil, garlic, salt, lemon juice, citric acid.',
      ['sesame'],
      nf('2 tbsp (28 g)', 70, 5, 0.5, 0, 0, 130, 4, 1, 0, 0, 2),
    ),
    related: 'pita-chips flatbreads',
  }),
  kind('rotisserie-chicken', 'Rotisserie Chicken', 'Deli & Prepared / Rotisserie', {
    sizes: '1 ea @5.99-9.99',
    varieties: 'Rotisserie Chicken; Herb Roasted Half Chicken; Lemon Pepper Rotisserie Chicken',
    brands: B.deli,
    brand_in_name: false,
    class: 'hot',
    description: 'Roasted in store all day and sold hot from the warmer.',
    image: 'poultry-leg',
    attributes: GF,
    related: 'whole-chicken chicken-breasts',
  }),
  kind('fried-chicken', 'Fried Chicken', 'Deli & Prepared / Rotisserie', {
    sizes: '8 ct "8 pieces" @8.99-12.99',
    varieties: 'Fried Chicken 8-Piece; Spicy Fried Chicken 8-Piece',
    brands: B.deli,
    brand_in_name: false,
    class: 'hot',
    description: 'Hand-breaded and fried in our kitchen, sold hot.',
    image: 'poultry-leg',
    related: 'rotisserie-chicken',
  }),
  kind('sushi', 'Sushi', 'Deli & Prepared / Sushi', {
    sizes: '8 ct "8 pieces" @5.99-10.99',
    varieties: [
      v('California Roll', {
        ingredients:
          'Sushi rice (rice, rice vinegar, sugar, salt), imitation crab (pollock, wheat starch), avocado, cucumber, seaweed, sesame seeds.',
        allergens: ['fish', 'wheat', 'sesame'],
      }),
      'Spicy Tuna Roll',
      v('Salmon Avocado Roll', {
        ingredients: 'Sushi rice (rice, rice vinegar, sugar, salt), salmon, avocado, seaweed, sesame seeds.',
        allergens: ['fish', 'sesame'],
      }),
      v('Vegetable Roll', {
        ingredients: 'Sushi rice (rice, rice vinegar, sugar, salt), cucumber, avocado, carrot, seaweed, sesame seeds.',
        allergens: ['sesame'],
        attributes: ['vegan'],
      }),
    ],
    brands: 'Harvest Lane Sushi',
    brand_in_name: false,
    class: 'deli',
    description: 'Rolled fresh by our sushi chef throughout the day. Keep cold; best eaten today.',
    image: 'sushi',
    label: lbl(
      'Sushi rice (rice, rice vinegar, sugar, salt), tuna, spicy mayonnaise (soybean oil, eggs, chili), seaweed, sesame seeds.',
      ['fish', 'eggs', 'soy', 'sesame'],
      null,
    ),
  }),
];
