import type { Area } from '@retaguarda/domain';
import { create } from 'zustand';

/** Which menu groups the user opened; shared so the index page can open an area in the menu. */
interface MenuState {
  abertas: Partial<Record<Area, boolean>>;
  setAberta(area: Area, aberta: boolean): void;
}

export const useMenuState = create<MenuState>()((set) => ({
  abertas: {},
  setAberta: (area, aberta) => set((s) => ({ abertas: { ...s.abertas, [area]: aberta } })),
}));
