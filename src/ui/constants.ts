// The shell's numbers from spec 9, in one place.

/** The top bar switches to the wide layout at this width (px) and to the burger below it. */
export const WIDE_LAYOUT_MIN_WIDTH_PX = 1105;

/** Menus open after hovering this long (ms). */
export const MENU_OPEN_DELAY_MS = 300;

/** Menus close this long (ms) after the pointer leaves. */
export const MENU_CLOSE_DELAY_MS = 250;

/** Toasts close on their own after this long (ms). */
export const TOAST_TIMEOUT_MS = 5000;

/** The login dialog is at most this wide (px). */
export const LOGIN_DIALOG_MAX_WIDTH_PX = 500;

/** The login and sign-up panel is at least this wide (px). */
export const AUTH_PANEL_MIN_WIDTH_PX = 350;

export const PRODUCT_NAME = 'Waveframe';

/** Height of the top bar (px). */
export const TOP_BAR_HEIGHT_PX = 64;
