import { SEND_EMAIL_LABEL, SEND_PLATFORM_LABEL } from './send-labels';

interface SendHintsProps {
  emailHintId: string;
  emailHint: string;
  /** Absent when the document cannot go on the platform any more (a quote already there). */
  platformHintId?: string;
  platformHint?: string;
}

/** One line per sending button, under the actions: what « Envoyer par e-mail » and « Envoyer sur Facturo » do. */
export function SendHints({ emailHintId, emailHint, platformHintId, platformHint }: SendHintsProps) {
  return (
    <ul className="space-y-1 text-sm text-slate-600">
      <li id={emailHintId}>
        <span className="font-medium text-slate-800">{SEND_EMAIL_LABEL} : </span>
        {emailHint}
      </li>
      {platformHintId && platformHint && (
        <li id={platformHintId}>
          <span className="font-medium text-slate-800">{SEND_PLATFORM_LABEL} : </span>
          {platformHint}
        </li>
      )}
    </ul>
  );
}
