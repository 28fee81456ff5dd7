// The Interactive block in the editor (docs/editor.md): islands run on the published page only, so the editor shows
// the server's first view of the block (loaded with the document, server/render/editor-islands.ts), inert, and a
// labelled stand-in when the block has no first view outside its page (a recipe, a product).

/** The blocks an editor can place, by island name (the widget's Block control lists them). */
export const ISLAND_BLOCKS: Record<string, string> = {
  'store-picker': 'Store picker',
  shop: 'Shop',
  'drink-calculator': 'Drink calculator',
  circular: 'Circular',
  recipe: 'Recipe',
  // The product page's own block (the product template of the theme builder, docs/editor.md).
  product: 'Product',
  'contact-form': 'Contact form',
};

/** The key of an island's editor preview markup in RenderContext.data. */
export const islandPreviewKey = (elementId: string): string => `island-preview:${elementId}`;

export function EditorIsland({ name, html }: { name: string; html: unknown }) {
  const title = ISLAND_BLOCKS[name] ?? name;
  // The same element as on the published page (widget.tsx), so the canvas lays it out alike; inert, as nothing
  // hydrates it here.
  if (typeof html === 'string' && html) return <div data-island={name} inert dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <div data-island={name} className="editor-island" aria-label={`Interactive block: ${title}`} role="group">
      <p className="editor-island__stand-in">
        Interactive block: <strong>{title}</strong>. It runs on the published page.
      </p>
    </div>
  );
}
