// Modules the runtime build writes (rollup.config.mjs).

/** Boot's registry lines of the widgets with a behaviour, made from their folders (react-app/widgets/handler-lines.ts). */
declare module 'virtual:widget-handlers' {
  const lines: import('./handlers/registry').HandlerEntry[];
  export default lines;
}
