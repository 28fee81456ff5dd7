import { B, kind, type ProductKind } from './notation';

// Beer, wine and spirits: the grocery shelves, and the wine catalogue's cellar. Read docs/catalogue-data.md for the notation.

export const wineAndSpiritsShelves: ProductKind[] = [
  // Wine & Spirits (grocery shelves) -----------------------------------------------------------------------
  kind('red-wine', 'Red Wine', 'Wine & Spirits / Red Wine', {
    sizes: '750 ml @8.99-29.99; 1.5 l @11.99-24.99',
    varieties: 'Cabernet Sauvignon; Pinot Noir; Malbec; Merlot; Red Blend; Zinfandel',
    brands: B.wine,
    class: 'alcohol',
    description: 'Everyday red wines. You must be 21 to buy; ID checked at pickup.',
    image: 'wine-glass',
    attributes: 'vegan',
    related: 'white-wine sparkling-wine',
  }),
  kind('white-wine', 'White Wine', 'Wine & Spirits / White Wine', {
    sizes: '750 ml @7.99-24.99; 1.5 l @10.99-21.99',
    varieties: 'Chardonnay; Sauvignon Blanc; Riesling; Pinot Grigio; Moscato',
    brands: B.wine,
    class: 'alcohol',
    description: 'Crisp and fruity white wines. You must be 21 to buy; ID checked at pickup.',
    image: 'wine-glass',
    related: 'red-wine sparkling-wine',
  }),
  kind('sparkling-wine', 'Sparkling Wine', 'Wine & Spirits / Sparkling', {
    sizes: '750 ml @9.99-59.99',
    varieties: 'Prosecco; Brut Champagne; Cava; Sparkling Rosé',
    brands: 'Villa Sole; Maison Laurent; Casa Roca',
    class: 'alcohol',
    description: 'Bubbles for celebrating. You must be 21 to buy; ID checked at pickup.',
    image: 'bottle-with-popping-cork',
    related: 'white-wine',
  }),
  kind('spirits', 'Spirits', 'Wine & Spirits / Spirits', {
    sizes: '750 ml @14.99-49.99; 1.75 l @24.99-59.99',
    varieties: 'Bourbon Whiskey; London Dry Gin; Silver Tequila; Vodka; Spiced Rum',
    brands: B.spirits,
    class: 'alcohol',
    description: 'Spirits for sipping and mixing. You must be 21 to buy; ID checked at pickup.',
    image: 'tumbler-glass',
  }),
];

export const wineCellar: ProductKind[] = [
  // Wine Cellar (the wine catalogue) -----------------------------------------------------------------------
  kind('cellar-red', 'Cellar Red Wine', 'Wine Cellar / Red Wine', {
    sizes: '750 ml @12.99-59.99',
    varieties:
      'Cabernet Sauvignon, Napa Valley 2021; Pinot Noir, Willamette Valley 2022; Malbec, Mendoza 2022; Côtes du Rhône Rouge 2022; Chianti Classico 2020; Lake Erie Cabernet Franc 2021; Rioja Crianza 2019; Merlot, Columbia Valley 2021; Zinfandel, Lodi 2021; Barolo 2018',
    brands: 'Oak Ridge Cellars; Fernhill Estate; Alto Andes; Domaine des Pins; Castello Verde; North Shore Vineyards*; Bodega Sierra',
    brand_in_name: false,
    class: 'alcohol',
    description: 'Chosen by our wine team. You must be 21 to buy; ID checked at pickup.',
    image: 'wine-glass',
    related: 'cellar-white cellar-sparkling',
    cap: 14,
  }),
  kind('cellar-white', 'Cellar White & Rosé', 'Wine Cellar / White & Rosé', {
    sizes: '750 ml @11.99-39.99',
    varieties:
      'Chardonnay, Sonoma Coast 2022; Sauvignon Blanc, Marlborough 2023; Dry Riesling, Finger Lakes 2022; Pinot Grigio, Alto Adige 2023; Provence Rosé 2023; Grüner Veltliner 2022; Albariño, Rías Baixas 2022',
    brands: 'Oak Ridge Cellars; Kea Bay; Seneca Slope; Cantina Alpina; Domaine des Pins; Weingut Adler',
    brand_in_name: false,
    class: 'alcohol',
    description: 'Whites and rosés from our wine team. You must be 21 to buy; ID checked at pickup.',
    image: 'wine-glass',
    related: 'cellar-red',
    cap: 12,
  }),
  kind('cellar-sparkling', 'Cellar Sparkling', 'Wine Cellar / Sparkling', {
    sizes: '750 ml @12.99-59.99',
    varieties: 'Champagne Brut NV; Prosecco DOC Extra Dry; Crémant de Loire Brut; Cava Brut Reserva; Franciacorta Brut',
    brands: 'Maison Laurent; Villa Sole; Domaine des Pins; Casa Roca; Cantina Alpina',
    brand_in_name: false,
    class: 'alcohol',
    description: 'Traditional-method and tank-method sparkling wines. You must be 21 to buy; ID checked at pickup.',
    image: 'bottle-with-popping-cork',
    related: 'cellar-white',
    cap: 8,
  }),
  kind('cellar-spirits', 'Cellar Spirits', 'Wine Cellar / Spirits', {
    sizes: '750 ml @24.99-69.99',
    varieties:
      'Kentucky Straight Bourbon; Small Batch London Dry Gin; Blanco Tequila; Single Malt Scotch 12 Year; Rye Whiskey; Aged Rum 8 Year',
    brands: 'Limestone Creek; Harbor Botanical; Agave Alto; Glen Arran; Three Rivers Distilling*',
    brand_in_name: false,
    class: 'alcohol',
    description: 'Spirits chosen by our team. You must be 21 to buy; ID checked at pickup.',
    image: 'tumbler-glass',
    cap: 10,
  }),
];
