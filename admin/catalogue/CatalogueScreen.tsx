import type { ReactNode } from 'react';
import type { CatalogueSection } from '../../core/wire/catalogue-admin';
import { MerchandisersScreen } from './MerchandisersScreen';
import { CircularsScreen } from './CircularsScreen';
import { DepartmentsScreen } from './DepartmentsScreen';
import { RecipesScreen } from './RecipesScreen';
import { CouponsScreen, PromotionsScreen } from './OffersScreens';
import { ProductsScreen } from './ProductsScreen';
import { StoresScreen } from './StoresScreen';

// The back office (/admin/catalogue/{section}): the server renders the heading and the sections' navigation,
// this shows the section's list and forms.
const SECTIONS: Record<CatalogueSection, () => ReactNode> = {
  stores: () => <StoresScreen />,
  departments: () => <DepartmentsScreen />,
  products: () => <ProductsScreen />,
  promotions: () => <PromotionsScreen />,
  coupons: () => <CouponsScreen />,
  circulars: () => <CircularsScreen />,
  recipes: () => <RecipesScreen />,
  merchandisers: () => <MerchandisersScreen />,
};

export function CatalogueScreen({ section }: { section: string }) {
  const render = (SECTIONS as Record<string, (() => ReactNode) | undefined>)[section];
  return render ? render() : <p>There is no such section.</p>;
}
