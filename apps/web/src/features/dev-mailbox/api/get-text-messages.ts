import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDevTextMessage } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';

/** GET /api/dev/sms: text messages for the signed-in person, or for a sign-in waiting for its SMS code. */
export const getTextMessages = () => apiJson<{ messages: TDevTextMessage[] }>('GET', '/api/dev/sms');

export const textMessagesQueryOptions = () => queryOptions({ queryKey: ['/api/dev/sms'], queryFn: getTextMessages });

export const useTextMessages = () => useQuery(textMessagesQueryOptions());
