// A recipe as the server sends it to the recipe island (its props).

export interface RecipeIngredient {
  quantity: string;
  name: string;
  /** The product sold in the shop for this ingredient, if any (it can go to the cart). */
  product_id: number | null;
}

export interface RecipeProps {
  image: string;
  /** A back-office upload's sizes and full size (docs/catalogue.md); absent for the drawn tile. */
  image_srcset?: string;
  image_width?: number;
  image_height?: number;
  image_alt?: string;
  title: string;
  summary: string;
  minutes: number;
  serves: number;
  ingredients: RecipeIngredient[];
  steps: string[];
}
