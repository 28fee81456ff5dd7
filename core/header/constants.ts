import { TIME_FRAMES } from '../config/time-frames';

// Business constants of the header (docs/behaviour.md).
export const MOBILE_MAX_WIDTH = 991; // below 992px the off-canvas menu is used
export const SCROLLABLE_AFTER_DEPARTMENTS = 10; // scrollable menu after more than 10 departments
export const MORE_LINK_AFTER_CHILDREN = 5; // 'more...' link when a department has more than 5 children
export const DEPARTMENT_PAGE_SIZE = 4; // arrows page 4 departments at a time
export const DEPARTMENT_ANIMATION_MS = 300;
export const DEPARTMENT_RESIZE_DEBOUNCE_MS = 250;
export const SUBMENU_DELAY_MS = 800;
export const OFFCANVAS_WIDTH = 280;
export const OFFCANVAS_LEVEL_SPACING = 40;
export const SWIPE_OPEN_THRESHOLD = 70;
export const SWIPE_EDGE_ZONE = 50;
export const OFFCANVAS_RESIZE_DEBOUNCE_MS = 500;
export const BACK_TO_TOP_THRESHOLD = 200;
export const BACK_TO_TOP_SCROLL_MS = 600;
export const BACK_TO_TOP_HIDE_MS = 3000;
export const STORE_DROPDOWN_INIT_FALLBACK_MS = 1000;
export const APP_BANNER_COOKIE = 'snackbarClosed';
export const MONTH_SECONDS = TIME_FRAMES.month; // the app banner cookie lasts one month
export const MORE_LABEL = 'more...';
