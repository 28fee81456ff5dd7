// Stretch (stretch_element = yes): the element spans the container (the viewport by default) whatever
// its parent's width. Pure geometry, LTR and RTL.

export interface StretchInput {
  /** The element's own box before stretching, relative to the viewport. */
  elementLeft: number;
  elementRight: number;
  /** The box to stretch to (the viewport by default). */
  containerLeft: number;
  containerWidth: number;
  isRtl: boolean;
}

export interface StretchStyle {
  width: string;
  left?: string;
  right?: string;
}

export function stretchStyle(input: StretchInput): StretchStyle {
  const width = `${input.containerWidth}px`;
  if (input.isRtl) {
    const containerRight = input.containerLeft + input.containerWidth;
    return { width, right: `${input.elementRight - containerRight}px` };
  }
  return { width, left: `${input.containerLeft - input.elementLeft}px` };
}

export const STRETCH_RESET: StretchStyle = { width: '', left: '', right: '' };
