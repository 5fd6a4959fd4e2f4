import { Alert } from './alert';

/** A refused form: the server's sentence, and the password rules it says are not met, when any. */
export interface FormFailure {
  message: string;
  details: string[];
}

export function FailureAlert({ failure }: { failure: FormFailure }) {
  return (
    <Alert variant="error">
      <p>{failure.message}</p>
      {failure.details.length > 0 && (
        <ul className="list-disc space-y-0.5 pl-5">
          {failure.details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
