#if !NET5_0_OR_GREATER
namespace System.Runtime.CompilerServices
{
    // Records and init-only setters need this marker type, which netstandard2.0 does not ship.
    internal static class IsExternalInit
    {
    }
}
#endif
