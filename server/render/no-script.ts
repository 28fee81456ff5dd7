// The page is laid out for the runtime from the first paint (the mobile menu is off-canvas behind a toggle,
// the search field opens from a button), so nothing moves when the runtime starts. Without JavaScript those
// toggles (and the site banner's close control) do nothing: this style, inside <noscript>, puts the menu and search back inline.
export const NO_SCRIPT_STYLE = `<noscript><style>
.site-banner__close { display: none !important; }
@media (max-width: 991px) {
  .menu-toggle, .search-toggle { display: none !important; }
  .site-search { display: flex !important; }
  .main-nav:not(.off-canvas) { display: block !important; flex-basis: 100%; }
  .main-header { flex-wrap: wrap; }
}
</style></noscript>`;
