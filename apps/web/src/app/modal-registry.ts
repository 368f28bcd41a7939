import type { ModalRegistry } from '../ui/modal.tsx';

/**
 * Modal ids → components, for `openModal(id, props)`. Later features register their dialogs
 * here (lazy-loaded with React.lazy, so they stay out of the home bundle).
 */
export const modalRegistry: ModalRegistry = {};
