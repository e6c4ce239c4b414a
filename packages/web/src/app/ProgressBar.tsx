import { progressIndicator } from '@retaguarda/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { advanceProgress } from './progress.ts';

/** Thin bar at the top of the window while a navigation is under way (SPEC.md §2, §9). */
export function ProgressBar({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | null>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!active) return;
    clearTimeout(hideTimer.current);
    setValue(progressIndicator.minimum);
    const timer = setInterval(() => setValue((v) => advanceProgress(v ?? progressIndicator.minimum)), progressIndicator.stepIntervalMs);
    return () => {
      clearInterval(timer);
      // Navigation finished: complete the bar, then take it away.
      setValue(1);
      hideTimer.current = setTimeout(() => setValue(null), 250);
    };
  }, [active]);

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  if (value === null) return null;
  return (
    <div
      data-testid="progresso-navegacao"
      role="progressbar"
      aria-label={t('shell.carregandoTela')}
      aria-valuemin={0}
      aria-valuemax={1}
      aria-valuenow={value}
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        zIndex: 2000,
        height: 3,
        width: `${value * 100}%`,
        background: 'var(--mantine-primary-color-filled)',
        transition: 'width 200ms ease-out, opacity 250ms',
        opacity: value >= 1 ? 0 : 1,
        pointerEvents: 'none',
      }}
    />
  );
}
