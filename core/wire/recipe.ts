// A recipe as the server sends it to the recipe island (its props).

export interface RecipeIngredient {
  quantity: string;
  name: string;
  /** The product sold in the shop for this ingredient, if any (it can go to the cart). */
  product_id: number | null;
}

export interface RecipeProps {
  image: string;
  title: string;
  summary: string;
  minutes: number;
  serves: number;
  ingredients: RecipeIngredient[];
  steps: string[];
}
