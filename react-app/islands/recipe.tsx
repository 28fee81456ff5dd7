import type { RecipeProps } from '../../core/wire/islands';
import { useState } from 'react';
import { useAddToCart } from '../shop/add-to-cart';
import { CartNotice } from '../shop/status';

const listNames = (names: string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** A recipe: ingredients (those sold in the shop can go to the cart in one go) and steps. */
export type { RecipeProps };

export default function Recipe({
  image,
  image_srcset,
  image_width,
  image_height,
  image_alt,
  title,
  summary,
  minutes,
  serves,
  ingredients,
  steps,
}: RecipeProps) {
  const buyable = ingredients.filter((i) => i.product_id !== null);
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(buyable.map((i) => i.product_id!)));
  const { busy, message, add } = useAddToCart();
  const toggle = (id: number, on: boolean) =>
    setChosen((s) => {
      const n = new Set(s);
      if (on) n.add(id);
      else n.delete(id);
      return n;
    });
  return (
    <article className="recipe">
      <h1>{title}</h1>
      <p className="recipe__summary">{summary}</p>
      <p className="recipe__meta">
        Ready in {minutes} minutes · Serves {serves}
      </p>
      <img
        className="recipe__image"
        src={image}
        srcSet={image_srcset}
        sizes={image_srcset ? '360px' : undefined}
        alt={image_alt ?? ''}
        width={360}
        height={image_width && image_height ? Math.round((360 * image_height) / image_width) : 360}
      />
      <div className="recipe__columns">
        <section aria-labelledby="recipe-ingredients">
          <h2 id="recipe-ingredients">Ingredients</h2>
          <ul className="recipe__ingredients">
            {ingredients.map((i, n) => (
              <li key={n}>
                {i.product_id !== null ? (
                  <label>
                    <input type="checkbox" checked={chosen.has(i.product_id)} onChange={(e) => toggle(i.product_id!, e.target.checked)} />{' '}
                    {i.quantity} {i.name}
                  </label>
                ) : (
                  <span>
                    {i.quantity} {i.name}
                  </span>
                )}
              </li>
            ))}
          </ul>
          {buyable.length ? (
            <button
              type="button"
              className="button"
              disabled={busy !== null || chosen.size === 0}
              onClick={() =>
                void add(
                  'all',
                  [...chosen].map((product_id) => ({ product_id, quantity: 1 })),
                  // Every product added is named, not only the last one the cart changed.
                  `Added ${chosen.size} ${chosen.size === 1 ? 'ingredient' : 'ingredients'}: ${listNames(buyable.filter((i) => chosen.has(i.product_id!)).map((i) => i.name))}.`,
                )
              }
            >
              {busy ? 'Adding…' : 'Add ingredients to cart'}
            </button>
          ) : null}
          <CartNotice message={message} />
        </section>
        <section aria-labelledby="recipe-steps">
          <h2 id="recipe-steps">Steps</h2>
          <ol className="recipe__steps">
            {steps.map((s, n) => (
              <li key={n}>{s}</li>
            ))}
          </ol>
        </section>
      </div>
    </article>
  );
}
