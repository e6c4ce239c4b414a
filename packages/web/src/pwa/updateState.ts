import { create } from 'zustand';

/** Holds the registration that has an update waiting; the banner shows while it is set. */
interface UpdateState {
  registration: ServiceWorkerRegistration | null;
  available: boolean;
  setUpdated(registration: ServiceWorkerRegistration): void;
}

export const useUpdateState = create<UpdateState>()((set) => ({
  registration: null,
  available: false,
  setUpdated: (registration) => set({ registration, available: true }),
}));
