import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

type Flash = (message: string) => void;
const FlashContext = createContext<Flash>(() => undefined);

/** The admin shell's modal flash-message area (docs/product.md#admin-area), closed with its Close button. */
export function FlashProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<string | null>(null);
  const flash = useCallback<Flash>((m) => setMessage(m), []);
  return (
    <FlashContext.Provider value={flash}>
      {children}
      {message !== null && (
        <div className="flash-backdrop">
          <div className="flash-modal" role="dialog" aria-modal="true" aria-label="Message">
            <p className="flash-message">{message}</p>
            <button type="button" className="btn" onClick={() => setMessage(null)} autoFocus>
              Close
            </button>
          </div>
        </div>
      )}
    </FlashContext.Provider>
  );
}

export const useFlash = () => useContext(FlashContext);
