interface FieldInputProps {
  value: string;
  onChange: (value: string) => void;
  unit?: string;
  /** A message shown under the input in red (a broken rule). */
  error?: string | null;
  hint?: string;
  label: string;
  testId?: string;
  disabled?: boolean;
  placeholder?: string;
}

/**
 * A small numeric input with its unit, its accessible label, and the message of the rule it
 * breaks right under it.
 */
export function FieldInput({
  value,
  onChange,
  unit,
  error,
  hint,
  label,
  testId,
  disabled,
  placeholder,
}: FieldInputProps) {
  return (
    <div className={`pol-field ${error ? 'pol-field-error' : ''}`}>
      <div className="pol-field-box">
        {/* A native input, so its accessible name and test id sit on the element that is typed into. */}
        <input
          className="pol-input"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          inputMode="decimal"
          aria-label={label}
          aria-invalid={Boolean(error)}
          data-testid={testId}
          disabled={disabled}
          placeholder={placeholder}
          autoComplete="off"
        />
        {unit && <span className="pol-field-unit">{unit}</span>}
      </div>
      {error ? (
        <div
          className="pol-error"
          role="alert"
          data-testid={testId ? `${testId}-error` : undefined}
        >
          {error}
        </div>
      ) : hint ? (
        <div className="pol-hint">{hint}</div>
      ) : null}
    </div>
  );
}
