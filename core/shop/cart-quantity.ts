// The most of one product a cart line holds: the server caps adds at it, the steppers stop their + there.
export const MAX_LINE_QUANTITY = 99;
