// The catalogue back office's routes (/api/admin/v1/catalogue/, server/routes/admin/catalogue.ts): their
// input and answer schemas are the formats of core/wire/catalogue-admin.ts; the screens call them under this base.
export const CATALOGUE_API = '/api/admin/v1/catalogue';
