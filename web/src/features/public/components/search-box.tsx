import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from '@/lib/router';
import { publicPaths as paths } from '@/config/public-paths';

/** docs/product.md#public-layout: submitting goes to /search?keyword=… and clears the box; no minimum length. Without JavaScript the form does the same. */
export function SearchBox({ className }: { className?: string }) {
  const [value, setValue] = useState('');
  const navigate = useNavigate();
  const id = useId();

  function submit(e: FormEvent) {
    e.preventDefault();
    navigate(paths.search(value));
    setValue('');
  }

  return (
    <form role="search" action="/search" method="get" className={`search-box ${className ?? ''}`} onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        Search articles
      </label>
      <input id={id} type="search" name="keyword" placeholder="Search articles..." value={value} onChange={(e) => setValue(e.target.value)} />
      <button type="submit">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
          <path
            fill="currentColor"
            d="M15.5 14h-.8l-.3-.3A6.5 6.5 0 1 0 14 15.5l.3.3v.8l5 5 1.5-1.5-5-5Zm-6 0A4.5 4.5 0 1 1 14 9.5 4.5 4.5 0 0 1 9.5 14Z"
          />
        </svg>
        <span>Search</span>
      </button>
    </form>
  );
}
