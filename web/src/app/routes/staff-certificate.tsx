/** /set/certificate: the staff page (docs/screens.md): the form, the map of available plots, generation. */
import type { SelectionKind } from '@parroquia/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StaffPlotPicker } from '@/features/map/components/staff-plot-picker';
import { EMPTY_SELECTION, togglePlot, type PlotSelection } from '@/features/map/selection';
import { CertificateGenerator } from '@/features/staff/components/certificate-generator';
import { PhysicalCertificateForm } from '@/features/staff/components/physical-certificate-form';
import { paths } from '@/config/paths';
import { Link } from 'react-router-dom';
import { RequireAccess } from './access';

export default function StaffCertificateRoute() {
  const { t } = useTranslation();
  const [selection, setSelection] = useState<PlotSelection>(EMPTY_SELECTION);
  const onToggle = useCallback((code: string, kind: SelectionKind) => {
    setSelection((current) => togglePlot(current, code, kind));
  }, []);
  const onPlotsTyped = useCallback((codes: string[]) => {
    setSelection((current) =>
      codes.reduce(
        (selected, code) =>
          selected.purchase.has(code) ? selected : togglePlot(selected, code, 'purchase'),
        current,
      ),
    );
  }, []);
  return (
    <RequireAccess level="staff">
      <title>{t('staff.documentTitle')}</title>
      <p>
        <Link to={paths.staff.getHref()}>{t('backOffice.backToArea')}</Link>
      </p>
      <h1>{t('staff.title')}</h1>
      <h2>{t('staff.registerTitle')}</h2>
      <PhysicalCertificateForm
        selectedPlots={[...selection.purchase].sort()}
        onPlotsTyped={onPlotsTyped}
        onRegistered={() => setSelection(EMPTY_SELECTION)}
      />
      <h2>{t('staff.generateTitle')}</h2>
      <CertificateGenerator />
      <h2>{t('staff.mapTitle')}</h2>
      <StaffPlotPicker selection={selection} onToggle={onToggle} onSelectionPruned={setSelection} />
    </RequireAccess>
  );
}
