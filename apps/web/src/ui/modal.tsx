import { Suspense, useSyncExternalStore, type ComponentType } from 'react';

/*
 * The single global modal holder (spec section 4): which modal is shown, with what props, and
 * whether it is open. Features open a modal by id; the app maps ids to components, so a feature
 * can open another feature's dialog without importing it. The dialog itself is in dialog.tsx, so
 * its code loads with the modals that use it, not with every page.
 */

export type ModalState = { id: string | null; props: Readonly<Record<string, unknown>>; open: boolean };

let state: ModalState = { id: null, props: {}, open: false };
const listeners = new Set<() => void>();

function setState(next: ModalState) {
  state = next;
  for (const listener of listeners) listener();
}

export function openModal(id: string, props: Record<string, unknown> = {}) {
  setState({ id, props, open: true });
}

export function closeModal() {
  if (state.open) setState({ ...state, open: false });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const getState = () => state;

export function useModalState(): ModalState {
  return useSyncExternalStore(subscribe, getState, getState);
}

/** What a registered modal receives: the props given to `openModal`, and how to close. */
export type ModalContentProps = { props: Readonly<Record<string, unknown>>; close: () => void };
export type ModalRegistry = Readonly<Record<string, ComponentType<ModalContentProps>>>;

/** Renders the open modal, if any; mount it once, in the layout. */
export function ModalHost({ registry }: { registry: ModalRegistry }) {
  const { id, props, open } = useModalState();
  if (!open || id === null) return null;
  const Content = registry[id];
  if (!Content) {
    console.error(`No modal is registered under "${id}".`);
    return null;
  }
  return (
    <Suspense fallback={null}>
      <Content props={props} close={closeModal} />
    </Suspense>
  );
}
