import type {
  AggregateOffer,
  BreadcrumbList,
  GroceryStore,
  HowToStep,
  ListItem,
  Offer,
  Organization,
  Product,
  Recipe,
  SearchAction,
  WebSite,
} from 'schema-dts';

// The JSON-LD rules the SEO tests hold every block on a page to (docs/seo.md): each type's listed properties,
// named through schema-dts so a misspelt property does not compile. An unknown type is a failure too.

type Props<T> = Array<Exclude<keyof Exclude<T, string>, '@type' | '@id'>>;
type Block = Record<string, unknown>;

const RECIPE: Props<Recipe> = [
  'name',
  'image',
  'description',
  'prepTime',
  'cookTime',
  'totalTime',
  'recipeYield',
  'recipeIngredient',
  'recipeInstructions',
  'recipeCategory',
  'recipeCuisine',
];
const PRODUCT: Props<Product> = ['name', 'image', 'description', 'sku', 'brand', 'offers'];
const OFFER: Props<Offer> = ['price', 'priceCurrency', 'availability'];
const AGGREGATE_OFFER: Props<AggregateOffer> = ['lowPrice', 'highPrice', 'offerCount'];
const BREADCRUMBS: Props<BreadcrumbList> = ['itemListElement'];
const LIST_ITEM: Props<ListItem> = ['position', 'name', 'item'];
const HOW_TO_STEP: Props<HowToStep> = ['text'];
const WEBSITE: Props<WebSite> = ['name', 'url', 'potentialAction'];
const SEARCH_ACTION: Props<SearchAction> = ['target'];
const ORGANIZATION: Props<Organization> = ['name', 'url', 'logo'];
const GROCERY_STORE: Props<GroceryStore> = ['name', 'address', 'telephone', 'url', 'openingHoursSpecification'];

export const LD_TYPES = ['Recipe', 'Product', 'BreadcrumbList', 'WebSite', 'Organization', 'GroceryStore'] as const;

const present = (v: unknown): boolean =>
  v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0) && !(typeof v === 'number' && Number.isNaN(v));

function missing(block: Block, props: readonly string[], where: string): string[] {
  return props.filter((p) => !present(block[p])).map((p) => `${where} lacks ${p}`);
}

const list = (v: unknown): Block[] => (Array.isArray(v) ? v : [v]).filter((x): x is Block => !!x && typeof x === 'object');

/** Every problem of one JSON-LD block (empty: it carries every listed property of its type). */
export function ldProblems(block: Block): string[] {
  const type = block['@type'];
  if (block['@context'] !== 'https://schema.org') return ['@context is not https://schema.org'];
  switch (type) {
    case 'Recipe': {
      const out = missing(block, RECIPE, 'Recipe');
      const steps: unknown[] = Array.isArray(block.recipeInstructions) ? block.recipeInstructions : [block.recipeInstructions];
      for (const [i, step] of steps.entries()) {
        if (!step || typeof step !== 'object' || (step as Block)['@type'] !== 'HowToStep')
          out.push(`Recipe step ${i + 1} is not a HowToStep`);
        else out.push(...missing(step as Block, HOW_TO_STEP, `Recipe step ${i + 1}`));
      }
      for (const t of ['prepTime', 'cookTime', 'totalTime'])
        if (present(block[t]) && !/^PT\d+M$/.test(String(block[t]))) out.push(`Recipe ${t} is not an ISO 8601 duration`);
      return out;
    }
    case 'Product': {
      const out = missing(block, PRODUCT, 'Product');
      const offer = list(block.offers)[0];
      if (!offer) return out;
      if (offer['@type'] === 'Offer') out.push(...missing(offer, OFFER, 'Offer'));
      else if (offer['@type'] === 'AggregateOffer') out.push(...missing(offer, [...AGGREGATE_OFFER, 'priceCurrency'], 'AggregateOffer'));
      else out.push(`Product offers is a ${String(offer['@type'])}`);
      return out;
    }
    case 'BreadcrumbList': {
      const out = missing(block, BREADCRUMBS, 'BreadcrumbList');
      for (const [i, item] of list(block.itemListElement).entries()) {
        out.push(...missing(item, LIST_ITEM, `Breadcrumb ${i + 1}`));
        if (item.position !== i + 1) out.push(`Breadcrumb ${i + 1} has position ${String(item.position)}`);
        if (present(item.item) && !/^https?:\/\//.test(String(item.item))) out.push(`Breadcrumb ${i + 1} item is not an absolute URL`);
      }
      return out;
    }
    case 'WebSite': {
      const out = missing(block, WEBSITE, 'WebSite');
      const action = list(block.potentialAction)[0];
      if (!action || action['@type'] !== 'SearchAction') return [...out, 'WebSite has no SearchAction'];
      out.push(...missing(action, [...SEARCH_ACTION, 'query-input' as never], 'SearchAction'));
      return out;
    }
    case 'Organization':
      return missing(block, ORGANIZATION, 'Organization');
    case 'GroceryStore':
      return missing(block, GROCERY_STORE, 'GroceryStore');
    default:
      return [`unknown type ${JSON.stringify(type)}`];
  }
}

/** The JSON-LD blocks of a page's HTML. */
export function ldBlocks(html: string): Block[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]) as Block);
}
