/** The public feature's query keys; they live in lib because the admin invalidates them after its saves. */
export { publicKeys } from '@/lib/public-keys';
