import { useNavigation } from 'react-router';

/** A thin bar while the next page's code loads, so a click never seems ignored. */
export function NavigationProgress() {
  const { state } = useNavigation();
  if (state === 'idle') return null;
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-[70] h-1 overflow-hidden bg-brand-soft">
      <div className="h-full w-1/3 animate-progress bg-brand motion-reduce:w-full motion-reduce:animate-none" />
    </div>
  );
}
