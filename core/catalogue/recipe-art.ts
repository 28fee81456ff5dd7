// The named picture of a recipe (an icon of Fluent Emoji Flat, docs/catalogue-data.md): the first rule whose
// words appear in the title, so "Shrimp Fried Rice" shows rice and "Chicken Tikka Masala" a curry.

const RULES: Array<[RegExp, string]> = [
  [/\btacos?\b|\bquesadillas?\b|\bfajitas?\b/i, 'taco'],
  [/\bburritos?\b|\benchiladas?\b|\bwraps?\b/i, 'burrito'],
  [/\bpizza\b|\bflatbread\b/i, 'pizza'],
  [/\bburgers?\b|\bsliders?\b/i, 'hamburger'],
  [/\bcurry\b|\bmasala\b|\bkorma\b|\bdal\b/i, 'curry-rice'],
  [/\bsushi\b|\bpoke\b/i, 'sushi'],
  [/\bfried rice\b|\brice bowl\b|\bbibimbap\b|\brisotto\b|\bpilaf\b|\brice\b/i, 'cooked-rice'],
  [
    /\bspaghetti\b|\bpenne\b|\blinguine\b|\bfettuccine\b|\brigatoni\b|\bpasta\b|\bmac\b|\bmacaroni\b|\blasagna\b|\bnoodles?\b|\bziti\b|\bfarfalle\b|\brotini\b/i,
    'spaghetti',
  ],
  [/\bsoup\b|\bchili\b|\bstew\b|\bchowder\b|\bminestrone\b|\bbisque\b/i, 'pot-of-food'],
  [/\bsalad\b|\bslaw\b/i, 'green-salad'],
  [/\bpancakes?\b|\bwaffles?\b|\bfrench toast\b/i, 'pancakes'],
  [/\bshakshuka\b|\bfrittata\b|\bomelet(te)?\b|\bscrambled\b|\beggs?\b/i, 'cooking'],
  [/\boats?\b|\boatmeal\b|\bparfait\b|\bgranola\b|\bporridge\b/i, 'bowl-with-spoon'],
  [/\bsmoothie\b|\bshake\b|\bfloats?\b|\blemonade\b/i, 'cup-with-straw'],
  [/\bcookies?\b|\bbrownies?\b|\bbars\b/i, 'cookie'],
  [/\bpie\b|\bcrisp\b|\bcobbler\b|\bgalette\b/i, 'pie'],
  [/\bcake\b|\bshortcake\b|\bcupcakes?\b/i, 'shortcake'],
  [/\bsandwich(es)?\b|\btoast\b|\bpanini\b|\bmelt\b|\bclub\b/i, 'sandwich'],
  [/\bsalmon\b|\bcod\b|\btilapia\b|\bfish\b|\bhaddock\b/i, 'fish'],
  [/\bshrimp\b|\bscampi\b/i, 'shrimp'],
  [/\bchicken\b|\bturkey\b|\bwings\b/i, 'poultry-leg'],
  [/\bsteak\b|\bbeef\b|\broast\b|\bbrisket\b|\bmeatballs?\b|\bpork\b|\bchops?\b/i, 'cut-of-meat'],
  [/\bhummus\b|\bguacamole\b|\bdip\b|\bsalsa\b/i, 'bowl-with-spoon'],
  [/\bpotato(es)?\b|\bfries\b/i, 'potato'],
  [/\bbroccoli\b|\bgreen beans\b|\bvegetables?\b|\bveggie\b/i, 'broccoli'],
  [/\bbowl\b/i, 'steaming-bowl'],
];

/** The default picture: a plate with knife and fork. */
export const RECIPE_FALLBACK_ART = 'fork-and-knife-with-plate';

export function recipeArt(title: string): string {
  return RULES.find(([words]) => words.test(title))?.[1] ?? RECIPE_FALLBACK_ART;
}

/** Every picture the rules can name (a test checks each is in the icon set). */
export const RECIPE_ART_NAMES: readonly string[] = [...new Set([...RULES.map(([, name]) => name), RECIPE_FALLBACK_ART])];
