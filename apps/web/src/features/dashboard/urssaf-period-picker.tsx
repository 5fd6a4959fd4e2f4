import { URSSAF_PERIOD_CODES, type UrssafPeriodCode, urssafPeriod } from '@facturo/shared';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/select';

const MONTH_CODES = URSSAF_PERIOD_CODES.filter((code) => code.startsWith('M'));
const QUARTER_CODES = URSSAF_PERIOD_CODES.filter((code) => code.startsWith('T'));

/** The year (this one and the two before) and the month or quarter to declare. */
export function UrssafPeriodPicker({
  year,
  currentYear,
  period,
  onYear,
  onPeriod,
}: {
  year: number;
  currentYear: number;
  period: UrssafPeriodCode;
  onYear: (year: number) => void;
  onPeriod: (period: UrssafPeriodCode) => void;
}) {
  const label = (code: UrssafPeriodCode) => {
    const name = urssafPeriod(year, code).libelle;
    return name.slice(0, name.lastIndexOf(' '));
  };
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field label="Année">
        {(control) => (
          <Select {...control} value={year} onChange={(event) => onYear(Number(event.target.value))}>
            {[currentYear, currentYear - 1, currentYear - 2].map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Période déclarée">
        {(control) => (
          <Select
            {...control}
            value={period}
            onChange={(event) => onPeriod(event.target.value as UrssafPeriodCode)}
          >
            <optgroup label="Déclaration trimestrielle">
              {QUARTER_CODES.map((code) => (
                <option key={code} value={code}>
                  {label(code)}
                </option>
              ))}
            </optgroup>
            <optgroup label="Déclaration mensuelle">
              {MONTH_CODES.map((code) => (
                <option key={code} value={code}>
                  {label(code)}
                </option>
              ))}
            </optgroup>
          </Select>
        )}
      </Field>
    </div>
  );
}
