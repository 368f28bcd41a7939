type BarFillProps = {
  /** Where the fill starts and ends, in percent of the bar's width. */
  from?: number;
  to: number;
  /** Corner radius in px: half the bar's height gives round ends. */
  radius: number;
  /** Fill colour of the filled stretch, e.g. `fill-amber-500`. */
  fill: string;
  /** Size and place of the bar. */
  className?: string;
};

/**
 * The filled stretch of a progress or rating bar. Drawn as an SVG rect sized by attributes, so
 * server-rendered HTML carries no `style` attribute, which the Content-Security-Policy would block.
 */
export function BarFill({ from = 0, to, radius, fill, className = 'block h-full w-full' }: BarFillProps) {
  return (
    <svg aria-hidden="true" focusable="false" className={className}>
      <rect x={`${from}%`} width={`${Math.max(0, to - from)}%`} height="100%" rx={radius} className={fill} />
    </svg>
  );
}
