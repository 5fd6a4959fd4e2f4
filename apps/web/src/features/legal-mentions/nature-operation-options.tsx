import { NATURE_OPERATION_LABELS, NATURES_OPERATION } from '@facturo/shared';

/** The choices of "Nature de l'opération" (BT-23), in the legal mentions settings and in the invoice wizard. */
export function NatureOperationOptions() {
  return NATURES_OPERATION.map((nature) => (
    <option key={nature} value={nature}>
      {NATURE_OPERATION_LABELS[nature]}
    </option>
  ));
}
