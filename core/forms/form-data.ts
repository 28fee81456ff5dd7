// What the server gives a Form widget at render (RenderContext.data): the signed time the form was drawn, which the
// submission carries back for the time trap (docs/widgets.md, "Form").

export interface FormRenderData {
  token: string;
}

export const formDataKey = (elementId: string): string => `form:${elementId}`;
