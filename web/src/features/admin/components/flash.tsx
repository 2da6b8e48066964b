import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

type Flash = (message: string) => void;
const FlashContext = createContext<Flash>(() => undefined);
const NoticeContext = createContext<Flash>(() => undefined);

/**
 * The admin shell's modal flash-message area (docs/product.md#admin-area), closed with its Close
 * button; and a quiet notice line for small acts done in place (a switch flipped, a list
 * reordered), which says they are done without a dialog to close.
 */
export function FlashProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const flash = useCallback<Flash>((m) => setMessage(m), []);
  const noticeOf = useCallback<Flash>((m) => setNotice(m), []);
  return (
    <FlashContext.Provider value={flash}>
      <NoticeContext.Provider value={noticeOf}>{children}</NoticeContext.Provider>
      {notice && (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      )}
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
/** Says a small act done in place is done (the notice line), without a dialog. */
export const useNotice = () => useContext(NoticeContext);
