/** Speech-bubble icon for the chat links when the journal's chat image is missing. */
export const ChatIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 32 32" width="30" height="30">
    <path
      fill="#fff"
      d="M16 3C8.8 3 3 8.5 3 15.2c0 2.4.7 4.6 2 6.5L3.6 28l6.6-1.7c1.8.9 3.8 1.4 5.8 1.4 7.2 0 13-5.5 13-12.3S23.2 3 16 3Zm-5 10.5h10v2H11v-2Zm0 4h7v2h-7v-2Z"
    />
  </svg>
);
