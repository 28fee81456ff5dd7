import type { FieldErrors } from '../../core/http';
import {
  ARCHIVE_SUBJECTS,
  CONDITION_RULES,
  SINGLE_SUBJECTS,
  THEME_LOCATIONS,
  type ConditionRule,
  type ThemeCondition,
  type ThemeLocation,
} from '../../core/wire/theme';

// A theme template's location, subject and include/exclude conditions (docs/editor.md, "Theme builder"), in the
// document settings. The server checks them (a condition naming a department or page that does not exist is
// refused on its field) and its message is shown next to that field.

interface ThemeValue {
  location?: ThemeLocation;
  subject?: string;
  conditions?: ThemeCondition[];
}

const LOCATION_LABELS: Record<ThemeLocation, string> = {
  header: 'Site header',
  footer: 'Site footer',
  single: 'Single page (product, recipe or store)',
  archive: 'Listing (archive)',
};
const RULE_LABELS: Record<ConditionRule, string> = {
  all: 'All',
  kind: 'Every page of a kind',
  department: 'Products in department',
  product: 'Product',
  recipe: 'Recipe',
  store: 'Store',
  page: 'Page',
  archive: 'Listing',
};
const VALUE_HINT: Partial<Record<ConditionRule, string>> = {
  kind: 'page, product, recipe, store or archive',
  department: 'department slug, e.g. produce',
  product: 'product slug',
  recipe: 'recipe slug',
  store: 'store slug',
  page: 'page slug',
  archive: 'recipes or products',
};

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p className="editor-field-error" id={id}>
      {message}
    </p>
  ) : null;
}

export function ThemeSettingsFields({
  value,
  errors,
  onChange,
}: {
  value: unknown;
  errors: FieldErrors;
  onChange: (theme: ThemeValue) => void;
}) {
  const theme: ThemeValue = value && typeof value === 'object' ? (value as ThemeValue) : {};
  const location = theme.location ?? 'single';
  const conditions = theme.conditions ?? [];
  const subjects: readonly string[] = location === 'single' ? SINGLE_SUBJECTS : location === 'archive' ? ARCHIVE_SUBJECTS : [];
  // What the fields show is what is saved: a new template's location and subject as first offered.
  const subject = subjects.length ? (theme.subject ?? subjects[0]) : undefined;
  const setConditions = (next: ThemeCondition[]) => onChange({ ...theme, location, subject, conditions: next });
  const err = (path: string) => errors[`theme.${path}`];
  return (
    <fieldset className="editor-theme-settings">
      <legend>Theme template</legend>
      <div className="editor-control editor-control--select">
        <label htmlFor="theme-location">Location</label>
        <select
          id="theme-location"
          value={location}
          aria-describedby={err('location') ? 'theme-location-error' : undefined}
          onChange={(e) => {
            const next = e.target.value as ThemeLocation;
            const nextSubjects: readonly string[] = next === 'single' ? SINGLE_SUBJECTS : next === 'archive' ? ARCHIVE_SUBJECTS : [];
            onChange({ ...theme, location: next, subject: nextSubjects[0], conditions });
          }}
        >
          {THEME_LOCATIONS.map((l) => (
            <option key={l} value={l}>
              {LOCATION_LABELS[l]}
            </option>
          ))}
        </select>
        <FieldError id="theme-location-error" message={err('location')} />
      </div>
      {subjects.length ? (
        <div className="editor-control editor-control--select">
          <label htmlFor="theme-subject">Shows</label>
          <select
            id="theme-subject"
            value={subject}
            aria-describedby={err('subject') ? 'theme-subject-error' : undefined}
            onChange={(e) => onChange({ ...theme, location, subject: e.target.value, conditions })}
          >
            {subjects.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          <FieldError id="theme-subject-error" message={err('subject')} />
        </div>
      ) : null}
      <h3 className="editor-section">Conditions</h3>
      <p className="editor-help">
        Included where a condition matches and no exclusion does; the most specific template wins (one item, then a department, then a kind
        of page, then all).
      </p>
      <FieldError id="theme-conditions-error" message={err('conditions')} />
      {conditions.map((c, i) => {
        const base = `theme-condition-${i}`;
        const valueError = err(`conditions.${i}.value`);
        return (
          <div key={i} className="editor-theme-condition" role="group" aria-label={`Condition ${i + 1}`}>
            <label htmlFor={`${base}-type`}>Condition {i + 1}</label>
            <select
              id={`${base}-type`}
              value={c.type}
              onChange={(e) =>
                setConditions(conditions.map((x, j) => (j === i ? { ...x, type: e.target.value as ThemeCondition['type'] } : x)))
              }
            >
              <option value="include">Include</option>
              <option value="exclude">Exclude</option>
            </select>
            <label htmlFor={`${base}-rule`} className="visually-hidden">
              Condition {i + 1} applies to
            </label>
            <select
              id={`${base}-rule`}
              value={c.rule}
              onChange={(e) => {
                const rule = e.target.value as ConditionRule;
                setConditions(conditions.map((x, j) => (j === i ? (rule === 'all' ? { type: x.type, rule } : { ...x, rule }) : x)));
              }}
            >
              {CONDITION_RULES.map((r) => (
                <option key={r} value={r}>
                  {RULE_LABELS[r]}
                </option>
              ))}
            </select>
            {c.rule === 'all' ? null : (
              <>
                <label htmlFor={`${base}-value`} className="visually-hidden">
                  Condition {i + 1}: {RULE_LABELS[c.rule]}
                </label>
                <input
                  id={`${base}-value`}
                  type="text"
                  value={c.value ?? ''}
                  placeholder={VALUE_HINT[c.rule]}
                  aria-invalid={valueError ? true : undefined}
                  aria-describedby={valueError ? `${base}-value-error` : undefined}
                  onChange={(e) => setConditions(conditions.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))}
                />
              </>
            )}
            <button type="button" onClick={() => setConditions(conditions.filter((_x, j) => j !== i))}>
              Remove condition {i + 1}
            </button>
            <FieldError id={`${base}-value-error`} message={valueError} />
          </div>
        );
      })}
      <button type="button" onClick={() => setConditions([...conditions, { type: 'include', rule: 'all' }])}>
        Add condition
      </button>
    </fieldset>
  );
}
