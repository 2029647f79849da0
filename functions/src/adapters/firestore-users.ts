import type { Firestore } from 'firebase-admin/firestore';
import type { UserRepository } from '../ports/donors';
import { userProfileFromDocument } from './user-document';

export function firestoreUserRepository(db: () => Firestore): UserRepository {
  return {
    async findUser(uid) {
      const snapshot = await db().collection('users').doc(uid).get();
      const data = snapshot.data();
      return data ? userProfileFromDocument(data) : null;
    },
  };
}
