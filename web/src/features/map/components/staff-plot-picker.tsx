/**
 * The map on the staff page (docs/screens.md): only available plots can be selected. The selection
 * belongs to the page, which clears it after a registration.
 */
import type { SelectionKind } from '@parroquia/domain';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLiveCells, useNow } from '../hooks/use-live-cells';
import { pruneSelection, type PlotSelection } from '../selection';
import { MapStatus } from './map-status';
import { PlotMap } from './plot-map';

interface StaffPlotPickerProps {
  selection: PlotSelection;
  onToggle: (code: string, kind: SelectionKind) => void;
  onSelectionPruned: (selection: PlotSelection) => void;
}

export function StaffPlotPicker({ selection, onToggle, onSelectionPruned }: StaffPlotPickerProps) {
  const live = useLiveCells();
  const now = useNow();
  // The latest selection, for the pruning effect below without re-running it on every click.
  const selectionRef = useRef(selection);
  useLayoutEffect(() => {
    selectionRef.current = selection;
  }, [selection]);
  const cells = live.status === 'live' ? live.cells : null;

  useEffect(() => {
    if (!cells) return;
    const pruned = pruneSelection(selectionRef.current, cells, 'staff', null, now);
    if (pruned.dropped.length > 0) onSelectionPruned(pruned.selection);
  }, [cells, now, onSelectionPruned]);

  if (!cells) return <MapStatus live={live} />;
  return (
    <PlotMap
      cells={cells}
      selection={selection}
      onToggle={onToggle}
      mode="staff"
      uid={null}
      now={now}
    />
  );
}
