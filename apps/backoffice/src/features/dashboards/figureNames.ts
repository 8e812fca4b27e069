import type { TDrillFigure } from '@bo/api-sdk';
import { useT } from '../../i18n';

/** The name of a drillable figure, in the screen's language (also the export's file name stem). */
export function useFigureName() {
  const t = useT();
  return (f: TDrillFigure) => t(`ds.fig.${f}`);
}
