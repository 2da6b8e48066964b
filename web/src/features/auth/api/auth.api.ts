import type { LoginInput, LoginResponse } from '@journal/contracts';
import { api } from '@/lib/api-client';

export const login = (input: LoginInput) => api.post<LoginResponse>('/auth/login/', input);
export const verifyToken = () => api.get<{ valid: boolean; user: { id: string; name: string } }>('/auth/verify-token/', { auth: true, handle401: false });
export const logout = () => api.post<{ ok: boolean }>('/auth/logout/', undefined, { auth: true, handle401: false }).catch(() => undefined);
