//! Member lookup of an invoked name (C# §12.5): when the member is invoked, the members that cannot
//! be invoked are removed before hiding applies, so `module.HasImage()` beside a `bool HasImage`
//! property finds no member and goes on to the extension method `HasImage(this Module)`.

use super::{Access, Ctx, known};
use crate::lookup::{Found, lookup_members, lookup_members_where};
use crate::{
    item_tree::MemberKind,
    library::{LibMember, LibMemberKind, ScopedDb, library_return},
    symbols::{MemberId, member_ref, member_signature},
    ty::Ty,
};

impl Ctx<'_> {
    /// The members named `name` found from `ty`, as an access of kind `access` looks them up.
    pub(super) fn lookup_for(&self, ty: &Ty, name: &str, access: Access) -> Found {
        if access == Access::Invoke {
            lookup_members_where(&self.sdb, ty, name, &|m| is_invocable(&self.sdb, m))
        } else {
            lookup_members(&self.sdb, ty, name)
        }
    }
}

/// A method, or a field, property or event of a delegate type (§12.5: "invocable"); a member whose
/// type the binder does not know may be one, and so may one typed by a type parameter of its type,
/// which a construction may make a delegate (`Rule<Action<Faker, T>>.Action`).
fn is_invocable(sdb: &ScopedDb<'_>, member: MemberId) -> bool {
    let db = sdb.db();
    let Some(data) = member_ref(db, member) else {
        return true;
    };
    match data.kind {
        MemberKind::Method
        | MemberKind::Operator
        | MemberKind::Conversion
        | MemberKind::Constructor => true,
        MemberKind::Property | MemberKind::Field | MemberKind::Constant | MemberKind::Event => {
            match &member_signature(db, member).ty {
                None | Some(Ty::Unknown | Ty::Unresolved(..) | Ty::TypeParam(_)) => true,
                Some(ty) => known::delegate_shape(sdb, ty).is_some(),
            }
        }
        MemberKind::Indexer | MemberKind::EnumMember | MemberKind::Destructor => false,
    }
}

/// [`is_invocable`] for a member of a library type `decl`: a method, or a property, field or event
/// whose type (with `decl`'s type arguments) is a delegate.
pub(super) fn library_is_invocable(sdb: &ScopedDb<'_>, decl: &Ty, member: LibMember) -> bool {
    match member.kind {
        LibMemberKind::Method => true,
        _ => {
            let ty = library_return(sdb.db(), decl, member);
            known::delegate_shape(sdb, &ty).is_some()
        }
    }
}
