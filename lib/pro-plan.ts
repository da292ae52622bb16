/** The Pro plan's one-time price (SPEC §9). */
export const PRO_PRICE_CENTS = 999;
export const PRO_PRICE_LABEL = "$9.99";
