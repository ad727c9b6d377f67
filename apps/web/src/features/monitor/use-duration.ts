import { useTranslation } from 'react-i18next';
import { durationParts } from '../../shared/format';

/** Formats seconds as "1 d 2 h 3 min" in the UI language. */
export function useDuration() {
  const { t } = useTranslation('monitor');
  return (seconds: number) =>
    durationParts(seconds)
      .map(([n, unit]) => t(`units.${unit}`, { n }))
      .join(' ');
}
