/** What every screen is given from its route-table entry. */
export type ScreenText = { title: string; description: string };
